import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MetricsInterval } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapPage } from '../../api/api-client';

export interface TraceFilters {
  environment: string | null;
  status: 'ok' | 'error' | null;
  /** How far back, in ms from now. */
  rangeMs: number;
  search: string;
  /** Traces with a score of this name, its value at least `scoreMin` when given. */
  scoreName: string | null;
  scoreMin: number | null;
}

export const TRACE_PAGE_SIZE = 50;

export const traceKeys = {
  list: (appId: string, filters: TraceFilters) => ['apps', appId, 'traces', filters] as const,
  one: (traceId: string) => ['traces', traceId] as const,
  metrics: (appId: string, environment: string | null, rangeMs: number) => ['apps', appId, 'trace-metrics', environment, rangeMs] as const,
};

/** Newest traces first, a page at a time; the time range is fixed when the filters change so pages line up. */
export function useTraces(appId: string, filters: TraceFilters) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: traceKeys.list(appId, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { items, next } = await unwrapPage(api.GET('/traces', {
        params: {
          query: {
            app_id: appId, limit: TRACE_PAGE_SIZE, from: new Date(Date.now() - filters.rangeMs).toISOString(),
            ...(filters.environment ? { environment: filters.environment } : {}),
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.search ? { q: filters.search } : {}),
            ...(filters.scoreName ? { score_name: filters.scoreName } : {}),
            ...(filters.scoreName && filters.scoreMin !== null ? { score_min: filters.scoreMin } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
      }));
      return { traces: items, next };
    },
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });
}

export function useTrace(traceId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: traceKeys.one(traceId ?? ''),
    enabled: traceId !== null,
    queryFn: () => unwrap(api.GET('/traces/{trace_id}', { params: { path: { trace_id: traceId! } } })),
  });
}

/** Buckets small enough to show a shape, few enough to draw: minutes for an hour, hours up to a week, days beyond. */
export const intervalFor = (rangeMs: number): MetricsInterval =>
  rangeMs <= 3_600_000 ? 'minute' : rangeMs <= 7 * 86_400_000 ? 'hour' : 'day';

/** One environment's metrics, or (null) every environment's together, as the scores chart reads them. */
export function useTraceMetrics(appId: string, environment: string | null, rangeMs: number) {
  const api = useApi();
  return useQuery({
    queryKey: traceKeys.metrics(appId, environment, rangeMs),
    queryFn: () => unwrap(api.GET('/traces/metrics', {
      params: {
        query: {
          app_id: appId, ...(environment ? { environment } : {}), interval: intervalFor(rangeMs), from: new Date(Date.now() - rangeMs).toISOString(),
        },
      },
    })),
    refetchInterval: 30_000,
  });
}
