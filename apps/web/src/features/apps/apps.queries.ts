import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';

export const appKeys = {
  variants: (appId: string) => ['apps', appId, 'variants'] as const,
  environments: (appId: string) => ['apps', appId, 'environments'] as const,
  app: (appId: string) => ['apps', appId] as const,
};

export function useApps() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.apps, queryFn: () => unwrap(api.GET('/apps')) });
}

export function useApp(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.app(appId), queryFn: () => unwrap(api.GET('/apps/{app_id}', { params: { path: { app_id: appId } } })) });
}

export function useAppVariants(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.variants(appId), queryFn: () => unwrap(api.GET('/apps/{app_id}/variants', { params: { path: { app_id: appId } } })) });
}

export function useAppEnvironments(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.environments(appId), queryFn: () => unwrap(api.GET('/apps/{app_id}/environments', { params: { path: { app_id: appId } } })) });
}

export function useCreateApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appName: string) => unwrap(api.POST('/apps', { body: { app_name: appName } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}

export function useRenameApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, appName }: { appId: string; appName: string }) =>
      unwrap(api.PATCH('/apps/{app_id}', { params: { path: { app_id: appId } }, body: { app_name: appName } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}

export function useDeleteApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => unwrap(api.DELETE('/apps/{app_id}', { params: { path: { app_id: appId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
