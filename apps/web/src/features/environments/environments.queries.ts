import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { appKeys } from '../apps/apps.queries';

export const ENVIRONMENT_NAMES = ['development', 'staging', 'production'] as const;

export const environmentKeys = {
  history: (appId: string, environment: string) => ['apps', appId, 'environments', environment, 'history'] as const,
};

/** Seed operation 4: the environment now and every deployment and revert, oldest first. */
export function useEnvironmentHistory(appId: string, environment: string) {
  const api = useApi();
  return useQuery({
    queryKey: environmentKeys.history(appId, environment),
    queryFn: () => unwrap(api.GET('/apps/{app_id}/revisions/{environment_name}', {
      params: { path: { app_id: appId, environment_name: environment } },
    })),
  });
}

function useInvalidateEnvironments(appId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appKeys.environments(appId) });
}

export function useDeploy(appId: string) {
  const api = useApi();
  const invalidate = useInvalidateEnvironments(appId);
  return useMutation({
    mutationFn: ({ environment, variantId, revision }: { environment: string; variantId: string; revision?: number }) =>
      unwrap(api.POST('/environments/deploy', {
        body: { app_id: appId, environment_name: environment, variant_id: variantId, ...(revision ? { revision } : {}) },
      })),
    onSuccess: invalidate,
  });
}

export function useRevert(appId: string) {
  const api = useApi();
  const invalidate = useInvalidateEnvironments(appId);
  return useMutation({
    mutationFn: (environmentRevisionId: string) => unwrap(api.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: environmentRevisionId } },
      body: {},
    })),
    onSuccess: invalidate,
  });
}
