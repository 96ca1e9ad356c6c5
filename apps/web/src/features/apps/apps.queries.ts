import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { queryKeys } from '../../api/query-keys';
import type { AppSummary, Environment, Variant } from '../../api/types';

export const appKeys = {
  variants: (appId: string) => ['apps', appId, 'variants'] as const,
  environments: (appId: string) => ['apps', appId, 'environments'] as const,
  app: (appId: string) => ['apps', appId] as const,
};

export function useApps() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.apps, queryFn: () => api.request<AppSummary[]>('GET', '/apps') });
}

export function useApp(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.app(appId), queryFn: () => api.request<AppSummary>('GET', `/apps/${appId}`) });
}

export function useAppVariants(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.variants(appId), queryFn: () => api.request<Variant[]>('GET', `/apps/${appId}/variants`) });
}

export function useAppEnvironments(appId: string) {
  const api = useApi();
  return useQuery({ queryKey: appKeys.environments(appId), queryFn: () => api.request<Environment[]>('GET', `/apps/${appId}/environments`) });
}

export function useCreateApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appName: string) => api.request<AppSummary>('POST', '/apps', { app_name: appName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}

export function useRenameApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, appName }: { appId: string; appName: string }) =>
      api.request<AppSummary>('PATCH', `/apps/${appId}`, { app_name: appName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}

export function useDeleteApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => api.request<void>('DELETE', `/apps/${appId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
