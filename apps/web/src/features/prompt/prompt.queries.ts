import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import type { AppSummary } from '../../api/types';

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
      unwrap<AppSummary>(api.POST('/apps', { body: { app_name: appName, template_key: templateKey } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
