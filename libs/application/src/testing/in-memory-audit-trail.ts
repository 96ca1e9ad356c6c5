import type { AuditEvent, AuditEventFilter } from '@crucible/domain';
import { AuditTrail } from '../audit/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

/** The audit log in memory, newest first as the database lists it. */
export class InMemoryAuditTrail extends AuditTrail {
  readonly events: AuditEvent[] = [];

  async record(event: AuditEvent): Promise<void> {
    this.events.push(structuredClone(event));
  }

  async list(projectId: string, filter: AuditEventFilter, page: PageRequest): Promise<Page<AuditEvent>> {
    const matching = this.events.filter((event) => event.projectId === projectId
      && (filter.resourceType === undefined || event.resourceType === filter.resourceType)
      && (filter.resourceId === undefined || event.resourceId === filter.resourceId)
      && (filter.actorId === undefined || event.actor.id === filter.actorId)
      && (filter.action === undefined || event.action === filter.action)
      && (filter.from === undefined || event.at >= filter.from)
      && (filter.to === undefined || event.at < filter.to));
    const newestFirst = matching.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));
    return pageOfList(newestFirst, page, (event) => event.id);
  }
}
