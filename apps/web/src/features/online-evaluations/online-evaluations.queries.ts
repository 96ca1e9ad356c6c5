import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrucibleSchemas, OnlineExecution } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll, unwrapPage } from '../../api/api-client';

const EXECUTION_PAGE_SIZE = 50;
/** Counts and the log move while traces arrive and the runner drains them: refreshed every few seconds. */
const LIVE_REFRESH_MS = 3000;

export type ExecutionStatus = OnlineExecution['status'];

export const onlineEvaluationKeys = {
  all: ['online-evaluations'] as const,
  one: (id: string) => ['online-evaluations', id] as const,
  executions: (id: string, status: ExecutionStatus | null) => ['online-evaluations', id, 'executions', status ?? 'all'] as const,
};

const ofRule = (ruleId: string) => ({ params: { path: { rule_id: ruleId } } });

export function useOnlineEvaluations() {
  const api = useApi();
  return useQuery({
    queryKey: onlineEvaluationKeys.all,
    queryFn: () => unwrapAll((query) => api.GET('/online-evaluations', { params: { query } })),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useOnlineEvaluation(ruleId: string) {
  const api = useApi();
  return useQuery({
    queryKey: onlineEvaluationKeys.one(ruleId),
    queryFn: () => unwrap(api.GET('/online-evaluations/{rule_id}', ofRule(ruleId))),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** A rule's log in the order it saw the traces, optionally of one state, a page at a time (§10). */
export function useOnlineExecutions(ruleId: string, status: ExecutionStatus | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: onlineEvaluationKeys.executions(ruleId, status),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { items, next } = await unwrapPage(api.GET('/online-evaluations/{rule_id}/executions', {
        params: {
          path: { rule_id: ruleId },
          query: { limit: EXECUTION_PAGE_SIZE, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        },
      }));
      return { executions: items, next };
    },
    getNextPageParam: (page) => page.next,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useCreateOnlineEvaluation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrucibleSchemas['CreateOnlineEvaluationDto']) => unwrap(api.POST('/online-evaluations', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: onlineEvaluationKeys.all }),
  });
}

export function useSetOnlineEvaluationActive(ruleId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => unwrap(api.PATCH('/online-evaluations/{rule_id}', { ...ofRule(ruleId), body: { active } })),
    onSuccess: (rule) => {
      client.setQueryData(onlineEvaluationKeys.one(ruleId), rule);
      void client.invalidateQueries({ queryKey: onlineEvaluationKeys.all });
    },
  });
}

export function useBackfillOnlineEvaluation(ruleId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (range: { from: string; to: string }) => unwrap(api.POST('/online-evaluations/{rule_id}/backfill', { ...ofRule(ruleId), body: range })),
    onSuccess: () => client.invalidateQueries({ queryKey: onlineEvaluationKeys.all }),
  });
}
