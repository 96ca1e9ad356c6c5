import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrapPage } from '../../api/api-client';

const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters as the api names them; empty ones are left out. */
export interface AuditFilter { action?: string; resource_type?: string; actor_id?: string; from?: string; to?: string }

/** The project's audit events, newest first, a page at a time (§10 `Link` paging). */
export function useAuditEvents(filter: AuditFilter) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['audit-events', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { items, next } = await unwrapPage(api.GET('/audit-events', {
        params: { query: { ...filter, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
      }));
      return { events: items, next };
    },
    getNextPageParam: (page) => page.next,
  });
}
