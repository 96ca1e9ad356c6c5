import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { appKeys } from '../apps/apps.queries';

export const variantKeys = {
  variant: (variantId: string) => ['variants', variantId] as const,
  revisions: (variantId: string) => ['variants', variantId, 'revisions'] as const,
  schema: (variantId: string) => ['variants', variantId, 'schema'] as const,
};

export function useVariant(variantId: string) {
  const api = useApi();
  return useQuery({
    queryKey: variantKeys.variant(variantId),
    queryFn: () => unwrap(api.GET('/variants/{variant_id}', { params: { path: { variant_id: variantId } } })),
  });
}

export function useRevisions(variantId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: variantKeys.revisions(variantId ?? ''),
    enabled: variantId !== null,
    queryFn: () => unwrap(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId ?? '' } } })),
  });
}

/** The variant's route schema, read by the api from the service; an error means the service is not reachable. */
export function useVariantSchema(variantId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: variantKeys.schema(variantId ?? ''),
    enabled: variantId !== null,
    retry: false,
    queryFn: () => unwrap(api.GET('/variants/{variant_id}/schema', { params: { path: { variant_id: variantId ?? '' } } })),
  });
}

export interface RegisterVariantInput { variantName: string; url: string; routePath: string }

export function useRegisterVariant(appId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variantName, url, routePath }: RegisterVariantInput) => unwrap(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } },
      body: { variant_name: variantName, url, ...(routePath ? { route_path: routePath } : {}) },
    })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.variants(appId) }),
  });
}

export function useDeleteVariant(appId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: string) => unwrap(api.DELETE('/variants/{variant_id}', { params: { path: { variant_id: variantId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.variants(appId) }),
  });
}

/** A new revision of the variant with these parameters (the playground's "Save as new revision"). */
export function useSaveRevision(appId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, parameters, commitMessage }: { variantId: string; parameters: Record<string, unknown>; commitMessage: string }) =>
      unwrap(api.PUT('/variants/{variant_id}/parameters', {
        params: { path: { variant_id: variantId } },
        body: { parameters, ...(commitMessage ? { commit_message: commitMessage } : {}) },
      })),
    onSuccess: (variant) => Promise.all([
      queryClient.invalidateQueries({ queryKey: variantKeys.revisions(variant.variant_id) }),
      queryClient.invalidateQueries({ queryKey: variantKeys.variant(variant.variant_id) }),
      queryClient.invalidateQueries({ queryKey: appKeys.variants(appId) }),
    ]),
  });
}

/** Seed operation 5: a new variant on the same base with these parameters (the playground's "Save as new variant"). */
export function useSaveAsVariant(appId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ baseId, variantName, parameters, commitMessage }: { baseId: string; variantName: string; parameters: Record<string, unknown>; commitMessage: string }) =>
      unwrap(api.POST('/variants/from-base', {
        body: {
          base_id: baseId, new_variant_name: variantName, new_config_name: variantName, parameters,
          ...(commitMessage ? { commit_message: commitMessage } : {}),
        },
      })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.variants(appId) }),
  });
}
