import type { z } from 'zod';
import type { AuditEvent } from '@crucible/domain';
import type { auditEventSchema } from '../wire/audit.wire';

export const presentAuditEvent = (event: AuditEvent): z.input<typeof auditEventSchema> => ({
  id: event.id, at: event.at.toISOString(), project_id: event.projectId, actor: { ...event.actor }, action: event.action,
  resource_type: event.resourceType, resource_id: event.resourceId, summary: event.summary, ip: event.ip,
});
