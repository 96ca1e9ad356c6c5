import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import type { CrucibleSchemas } from '@crucible/client';
import { unwrap } from '../../api/api-client';

export const evaluatorKeys = {
  catalog: ['evaluators'] as const,
  configs: ['evaluators', 'configs'] as const,
};

export function useEvaluatorCatalog() {
  const api = useApi();
  return useQuery({ queryKey: evaluatorKeys.catalog, staleTime: Infinity, queryFn: () => unwrap(api.GET('/evaluators')) });
}

export function useEvaluatorConfigs() {
  const api = useApi();
  return useQuery({ queryKey: evaluatorKeys.configs, queryFn: () => unwrap(api.GET('/evaluators/configs')) });
}

export function useSaveEvaluatorConfig() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: CrucibleSchemas['CreateEvaluatorConfigDto']) =>
      unwrap(api.POST('/evaluators/configs', { body: config })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluatorKeys.configs }),
  });
}

export function useDeleteEvaluatorConfig() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/evaluators/configs/{config_id}', { params: { path: { config_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluatorKeys.configs }),
  });
}

export function useTryEvaluator() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ key, ...body }: { key: string } & CrucibleSchemas['RunEvaluatorDto']) =>
      unwrap(api.POST('/evaluators/{evaluator_key}/run', { params: { path: { evaluator_key: key } }, body })),
  });
}
