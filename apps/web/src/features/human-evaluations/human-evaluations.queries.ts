import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import type { CrucibleSchemas, HumanEvaluation, HumanScenario } from '@crucible/client';

export const humanKeys = {
  all: ['human-evaluations'] as const,
  one: (id: string) => ['human-evaluations', id] as const,
  scenarios: (id: string) => ['human-evaluations', id, 'scenarios'] as const,
  results: (id: string) => ['human-evaluations', id, 'results'] as const,
};

const generating = (e: HumanEvaluation) => ['EVALUATION_INITIALIZED', 'EVALUATION_STARTED'].includes(e.status);

export function useHumanEvaluations() {
  const api = useApi();
  return useQuery({
    queryKey: humanKeys.all,
    queryFn: () => unwrap(api.GET('/human-evaluations')),
    refetchInterval: (query) => (query.state.data?.some(generating) ? 1000 : false),
  });
}

export function useHumanEvaluation(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: humanKeys.one(id),
    queryFn: () => unwrap(api.GET('/human-evaluations/{evaluation_id}', { params: { path: { evaluation_id: id } } })),
    refetchInterval: (query) => (query.state.data && generating(query.state.data) ? 1000 : false),
  });
}

/** Refreshed every few seconds: several people may judge at once. */
export function useHumanScenarios(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: humanKeys.scenarios(id),
    queryFn: () => unwrap(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: id } } })),
    refetchInterval: 4000,
  });
}

export function useHumanResults(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: humanKeys.results(id),
    queryFn: () => unwrap(api.GET('/human-evaluations/{evaluation_id}/results', { params: { path: { evaluation_id: id } } })),
  });
}

export function useCreateHumanEvaluation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrucibleSchemas['CreateHumanEvaluationDto']) =>
      unwrap(api.POST('/human-evaluations', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: humanKeys.all }),
  });
}

export type Judgment = Partial<Pick<HumanScenario, 'vote' | 'score' | 'is_pinned' | 'note'>> & {
  scores?: CrucibleSchemas['UpdateHumanScenarioDto']['scores'];
};


export function useJudge(evaluationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, judgment }: { scenarioId: string; judgment: Judgment }) =>
      unwrap(api.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}', {
        params: { path: { evaluation_id: evaluationId, scenario_id: scenarioId } },
        // The api declares these fields without a JSON type (they accept several); the shape is Judgment's.
        body: judgment as Record<string, never>,
      })),
    onSuccess: (saved) => {
      queryClient.setQueryData<HumanScenario[]>(humanKeys.scenarios(evaluationId), (list) => list?.map((s) => (s.id === saved.id ? { ...s, ...saved } : s)));
      void queryClient.invalidateQueries({ queryKey: humanKeys.results(evaluationId) });
    },
  });
}

export function useExportHumanEvaluation() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ id, format }: { id: string; format: 'csv' | 'json' }) => {
      const { data, response } = await api.GET('/human-evaluations/{evaluation_id}/export', {
        params: { path: { evaluation_id: id }, query: { format } }, parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error(`The export failed (${response.status}).`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(data as Blob);
      link.download = `human-evaluation-${id}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
  });
}
