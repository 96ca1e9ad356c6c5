import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapPage } from '../../api/api-client';

const SESSION_PAGE_SIZE = 50;
/** A conversation longer than this shows its latest turns; the traces page lists them all. */
export const SESSION_TURNS_SHOWN = 500;
const SESSION_SCORES_SHOWN = 500;

export const sessionKeys = {
  list: (appId: string) => ['apps', appId, 'sessions'] as const,
  turns: (sessionId: string) => ['sessions', sessionId, 'traces'] as const,
  scores: (sessionId: string) => ['sessions', sessionId, 'scores'] as const,
};

/** An app's sessions, most recently active first, a page at a time. */
export function useSessions(appId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: sessionKeys.list(appId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { items, next } = await unwrapPage(api.GET('/sessions', {
        params: { query: { app_id: appId, limit: SESSION_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
      }));
      return { sessions: items, next };
    },
    getNextPageParam: (page) => page.next,
  });
}

/** A session's traces as turns of a conversation: oldest first. */
export function useSessionTurns(sessionId: string) {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.turns(sessionId),
    queryFn: async () => {
      const traces = await unwrap(api.GET('/traces', { params: { query: { session_id: sessionId, limit: SESSION_TURNS_SHOWN } } }));
      return [...traces].reverse();
    },
  });
}

/** The scores given to a session's traces, by trace id. */
export function useSessionScores(sessionId: string) {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.scores(sessionId),
    queryFn: async () => {
      const scores = await unwrap(api.GET('/scores', { params: { query: { session_id: sessionId, limit: SESSION_SCORES_SHOWN } } }));
      const byTrace = new Map<string, typeof scores>();
      for (const score of scores) byTrace.set(score.trace_id, [...(byTrace.get(score.trace_id) ?? []), score]);
      return byTrace;
    },
  });
}
