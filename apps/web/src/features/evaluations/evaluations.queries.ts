import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';
import type { CrucibleSchemas } from '@crucible/client';

export const evaluationKeys = {
  all: ['evaluations'] as const,
  one: (id: string) => ['evaluations', id] as const,
  status: (id: string) => ['evaluations', id, 'status'] as const,
  scenarios: (id: string) => ['evaluations', id, 'scenarios'] as const,
  comparison: (ids: string[], acrossVersions = false) => ['evaluations', 'compare', acrossVersions, ...ids] as const,
  rows: (ids: string[]) => ['evaluations', 'compare-rows', ...ids] as const,
  revisions: (appId: string) => ['apps', appId, 'revisions'] as const,
};

const RUNNING = ['EVALUATION_INITIALIZED', 'EVALUATION_STARTED'];
export const isRunning = (evaluation: { status: { value?: unknown } }): boolean => RUNNING.includes(String(evaluation.status.value));

export function useEvaluations() {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.all,
    queryFn: () => unwrap(api.GET('/evaluations')),
    // Live while anything runs: scores and statuses appear as runs finish.
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? 1500 : false),
  });
}

export function useEvaluationStatus(id: string, running: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.status(id),
    queryFn: () => unwrap(api.GET('/evaluations/{evaluation_id}/status', { params: { path: { evaluation_id: id } } })),
    // Only running evaluations are asked: a finished one's list entry already says all there is.
    enabled: running,
    refetchInterval: running ? 700 : false,
  });
}

export function useEvaluation(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.one(id),
    queryFn: () => unwrap(api.GET('/evaluations/{evaluation_id}', { params: { path: { evaluation_id: id } } })),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? 1000 : false),
  });
}

export function useScenarios(id: string, running: boolean) {
  const api = useApi();
  const scenarios = useQuery({
    queryKey: evaluationKeys.scenarios(id),
    queryFn: () => unwrapAll((query) => api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: id }, query } })),
    refetchInterval: running ? 1500 : false,
  });
  // Polled while the run runs, then read once more when it ends: the rows it stored after the last poll would
  // otherwise be missing from a finished evaluation's page (9 of 10 rows, under a "finished" badge).
  const wasRunning = useRef(running);
  const { refetch } = scenarios;
  useEffect(() => {
    if (wasRunning.current && !running) void refetch();
    wasRunning.current = running;
  }, [running, refetch]);
  return scenarios;
}

/** `acrossVersions`: evaluations of different test-set versions compared on the rows both share (refused otherwise). */
export function useComparison(ids: string[], acrossVersions = false) {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.comparison(ids, acrossVersions),
    enabled: ids.length >= 2,
    queryFn: () => unwrap(api.GET('/evaluations/compare', {
      params: { query: { evaluations_ids: ids.join(','), ...(acrossVersions ? { allow_different_versions: 'true' as const } : {}) } },
    })),
  });
}

/** Row by row needs evaluations of one test-set version: `enabled` false while that is not known to hold. */
export function useRowComparison(ids: string[], enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.rows(ids),
    enabled: enabled && ids.length >= 2,
    queryFn: () => unwrap(api.GET('/evaluations/evaluation_scenarios/comparison-results', {
      params: { query: { evaluations_ids: ids.join(',') } },
    })),
  });
}

/** Every revision of every variant of an app, labelled "variant v2". */
export function useAppRevisions(appId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: evaluationKeys.revisions(appId ?? ''),
    enabled: Boolean(appId),
    queryFn: async () => {
      const variants = await unwrap(
        api.GET('/apps/{app_id}/variants', { params: { path: { app_id: appId! } } }));
      const lists = await Promise.all(variants.map(async (variant) => {
        const revisions = await unwrap(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } }));
        return revisions.map((r) => ({ value: r.id, label: `${variant.variant_name} v${r.revision}` }));
      }));
      return lists.flat();
    },
  });
}

export type NewEvaluation = CrucibleSchemas['CreateEvaluationDto'];

function useInvalidatingMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }) });
}

export function useCreateEvaluation() {
  const api = useApi();
  return useInvalidatingMutation((body: NewEvaluation) => unwrap(api.POST('/evaluations', { body })));
}

export function useRerunFailedRows() {
  const api = useApi();
  return useInvalidatingMutation((id: string) =>
    unwrap(api.POST('/evaluations/{evaluation_id}/rerun', { params: { path: { evaluation_id: id } }, body: {} })));
}

export function useCancelEvaluation() {
  const api = useApi();
  return useInvalidatingMutation((id: string) =>
    unwrap(api.POST('/evaluations/{evaluation_id}/cancel', { params: { path: { evaluation_id: id } } })));
}

export function useDeleteEvaluations() {
  const api = useApi();
  return useInvalidatingMutation((ids: string[]) => unwrap(api.DELETE('/evaluations', { body: { evaluations_ids: ids } })));
}

/** Streams the export through the client (it carries the API key), then hands the file to the browser. */
export function useExportEvaluation() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ id, format }: { id: string; format: 'csv' | 'json' }) => {
      const { data, response } = await api.GET('/evaluations/{evaluation_id}/export', {
        params: { path: { evaluation_id: id }, query: { format } }, parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error(`The export failed (${response.status}).`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(data as Blob);
      link.download = `evaluation-${id}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
  });
}
