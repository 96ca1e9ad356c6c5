import type { TraceSession, TraceSessionFilter } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** Sessions (ARCHITECTURE §18): the traces sharing a session id, added up. */
export abstract class TraceSessionRepository {
  /** Most recently active first (`last_at`, then session id, descending); the cursor holds both. */
  abstract list(projectId: string, filter: TraceSessionFilter, page: PageRequest): Promise<Page<TraceSession>>;
}
