import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrucibleSchemas } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';

export type NewConnection = CrucibleSchemas['CreateProviderConnectionDto'];

export const providerKeys = {
  kinds: ['providers'] as const,
  connections: ['provider-connections'] as const,
};

/** The kinds a project can connect; fixed for the api's lifetime. */
export function useProviderKinds() {
  const api = useApi();
  return useQuery({ queryKey: providerKeys.kinds, staleTime: Infinity, queryFn: () => unwrap(api.GET('/providers')) });
}

export function useProviderConnections() {
  const api = useApi();
  return useQuery({ queryKey: providerKeys.connections, queryFn: () => unwrap(api.GET('/provider-connections')) });
}

/** A new or removed connection changes which models are available, so the model lists are asked again too. */
function useInvalidateConnections() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: providerKeys.connections }),
    queryClient.invalidateQueries({ queryKey: ['models'] }),
  ]);
}

export function useCreateConnection() {
  const api = useApi();
  const invalidate = useInvalidateConnections();
  return useMutation({
    mutationFn: (body: NewConnection) => unwrap(api.POST('/provider-connections', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteConnection() {
  const api = useApi();
  const invalidate = useInvalidateConnections();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/provider-connections/{connection_id}', { params: { path: { connection_id: id } } })),
    onSuccess: invalidate,
  });
}

/** Answers 200 whether or not the provider accepted the key: `ok` says which. */
export function useTestConnection() {
  const api = useApi();
  const invalidate = useInvalidateConnections();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/provider-connections/{connection_id}/test', { params: { path: { connection_id: id } } })),
    // A test reads the models an OpenAI-compatible server lists: they may have changed.
    onSuccess: invalidate,
  });
}
