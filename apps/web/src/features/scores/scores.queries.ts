import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrucibleSchemas } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';

export const scoreKeys = {
  configs: ['score-configs'] as const,
};

/** Every score config of the project, archived ones too (old scores keep their names), oldest first. */
export function useScoreConfigs() {
  const api = useApi();
  return useQuery({
    queryKey: scoreKeys.configs,
    queryFn: () => unwrapAll((query) => api.GET('/score-configs', { params: { query } })),
  });
}

export function useCreateScoreConfig() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrucibleSchemas['CreateScoreConfigDto']) => unwrap(api.POST('/score-configs', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: scoreKeys.configs }),
  });
}

/** Archived configs keep their scores and take no new ones; restoring one gives it its name back if still free. */
export function useArchiveScoreConfig() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      unwrap(api.PATCH('/score-configs/{config_id}', { params: { path: { config_id: id } }, body: { archived } })),
    onSuccess: () => client.invalidateQueries({ queryKey: scoreKeys.configs }),
  });
}
