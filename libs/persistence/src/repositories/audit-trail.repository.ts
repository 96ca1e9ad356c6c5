import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditEvent, AuditEventFilter } from '@crucible/domain';
import { AuditTrail, type Page, type PageRequest } from '@crucible/application';
import { AuditEventOrmEntity } from '../entities/audit-event.orm-entity';
import { decodeCursor, toPage } from './keyset';
import { auditEventMapper } from '../mappers/audit-event.mapper';

/** Only INSERT and SELECT: the table's trigger refuses anything else, and nothing here asks for it. */
@Injectable()
export class TypeOrmAuditTrail extends AuditTrail {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(AuditEventOrmEntity);
  }

  async record(event: AuditEvent): Promise<void> {
    await this.rows.insert(auditEventMapper.toOrm(event));
  }

  /** Newest first: the keyset runs over (at, id) descending, so the cursor's row is the last one already seen. */
  async list(projectId: string, filter: AuditEventFilter, page: PageRequest): Promise<Page<AuditEvent>> {
    const query = this.rows.createQueryBuilder('e').where('e.project_id = :projectId', { projectId });
    if (filter.resourceType !== undefined) query.andWhere('e.resource_type = :resourceType', { resourceType: filter.resourceType });
    if (filter.resourceId !== undefined) query.andWhere('e.resource_id = :resourceId', { resourceId: filter.resourceId });
    if (filter.actorId !== undefined) query.andWhere('e.actor_id = :actorId', { actorId: filter.actorId });
    if (filter.action !== undefined) query.andWhere('e.action = :action', { action: filter.action });
    if (filter.from !== undefined) query.andWhere('e.at >= :from', { from: filter.from });
    if (filter.to !== undefined) query.andWhere('e.at < :to', { to: filter.to });
    if (page.cursor !== null) {
      const [at, id] = decodeCursor(page.cursor, ['timestamptz', 'uuid']);
      query.andWhere('(e.at, e.id) < (CAST(:afterAt AS timestamptz), CAST(:afterId AS uuid))', { afterAt: at, afterId: id });
    }
    query.orderBy('e.at', 'DESC').addOrderBy('e.id', 'DESC').addSelect('e.at::text', 'keyset_at').addSelect('e.id::text', 'keyset_id');
    if (page.limit !== null) query.limit(page.limit + 1);
    const { entities, raw } = await query.getRawAndEntities<Record<string, unknown>>();
    return toPage(
      entities.map((entity, i) => ({ entity, keys: [String(raw[i]!.keyset_at), String(raw[i]!.keyset_id)] })),
      page, (row) => row.keys, (row) => auditEventMapper.toDomain(row.entity),
    );
  }
}
