import type { AuditEvent } from '@crucible/domain';
import { AuditEventOrmEntity } from '../entities/audit-event.orm-entity';

export const auditEventMapper = {
  toDomain: (row: AuditEventOrmEntity): AuditEvent => ({
    id: row.id, at: row.at, projectId: row.projectId, actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    action: row.action, resourceType: row.resourceType, resourceId: row.resourceId, summary: row.summary, ip: row.ip,
  }),
  toOrm: (event: AuditEvent): AuditEventOrmEntity => ({
    id: event.id, projectId: event.projectId, at: event.at, actorType: event.actor.type, actorId: event.actor.id, actorName: event.actor.name,
    action: event.action, resourceType: event.resourceType, resourceId: event.resourceId, summary: event.summary, ip: event.ip,
  }),
};
