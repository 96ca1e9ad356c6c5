import type { AuditEvent, AuditEventFilter } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** The project's audit log: append-only, so there is no method that changes or removes an event. */
export abstract class AuditTrail {
  abstract record(event: AuditEvent): Promise<void>;
  /** Newest first, by `(at, id)` descending (ARCHITECTURE §10 keyset paging). */
  abstract list(projectId: string, filter: AuditEventFilter, page: PageRequest): Promise<Page<AuditEvent>>;
}
