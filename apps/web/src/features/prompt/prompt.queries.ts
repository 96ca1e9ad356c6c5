import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import type { Variant } from '@crucible/client';
import { appKeys } from '../apps/apps.queries';
import type { Model } from '@crucible/client';
import { modelKeys } from '../models/models.queries';

export interface PromptTemplateKind { key: 'completion' | 'chat'; name: string; description: string }

/** The templates a new app can start from; fixed for the api's lifetime. */
export function useTemplates() {
  const api = useApi();
  return useQuery({ queryKey: ['templates'] as const, staleTime: Infinity, queryFn: () => unwrap<PromptTemplateKind[]>(api.GET('/templates')) });
}

/** An app with a variant `default` made from the template (§16). */
export function useCreateAppFromTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appName, templateKey }: { appName: string; templateKey: PromptTemplateKind['key'] }) =>
      unwrap(api.POST('/apps', { body: { app_name: appName, template_key: templateKey } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}

/** Another variant of the app from a template (§16 `variant/from-template`), at the template's defaults. */
export function useAddVariantFromTemplate(appId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variantName, templateKey }: { variantName: string; templateKey: PromptTemplateKind['key'] }) =>
      unwrap<Variant>(api.POST('/apps/{app_id}/variant/from-template', {
        params: { path: { app_id: appId } }, body: { variant_name: variantName, template_key: templateKey },
      })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.variants(appId) }),
  });
}

/** Every model the picker offers (the catalog and the project's custom ones, every page), the available ones first. */
export function useAllModels() {
  const api = useApi();
  return useQuery({
    queryKey: [...modelKeys.all, 'every'] as const,
    queryFn: async () => {
      const models = await unwrapAll<Model>((query) => api.GET('/models', { params: { query: { ...query, limit: 1000 } } }));
      return [...models].sort((a, b) => Number(b.available) - Number(a.available));
    },
  });
}
