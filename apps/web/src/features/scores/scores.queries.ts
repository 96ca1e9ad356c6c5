import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrapAll } from '../../api/api-client';

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
