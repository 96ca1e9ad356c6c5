import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrucibleSchemas } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';

const apiKeyKeys = { list: (projectId: string) => ['api-keys', projectId] as const };

/** The project's keys that still work (a revoked key leaves the list). */
export function useApiKeys(projectId: string) {
  const api = useApi();
  return useQuery({
    queryKey: apiKeyKeys.list(projectId),
    queryFn: () => unwrapAll((query) => api.GET('/projects/{project_id}/api-keys', { params: { path: { project_id: projectId }, query } })),
  });
}

/** The answer holds the key itself, once: it is never shown again. */
export function useCreateApiKey(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrucibleSchemas['CreateApiKeyDto']) =>
      unwrap(api.POST('/projects/{project_id}/api-keys', { params: { path: { project_id: projectId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list(projectId) }),
  });
}

export function useRevokeApiKey(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => unwrap(api.DELETE('/projects/{project_id}/api-keys/{key_id}', {
      params: { path: { project_id: projectId, key_id: keyId } },
    })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list(projectId) }),
  });
}
