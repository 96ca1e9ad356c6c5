import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnotationItem, CrucibleSchemas } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';
import { traceKeys } from '../traces/traces.queries';

export const queueKeys = {
  all: ['annotation-queues'] as const,
  one: (id: string) => ['annotation-queues', id] as const,
};

const inQueue = (queueId: string) => ({ params: { path: { queue_id: queueId } } });

export function useAnnotationQueues() {
  const api = useApi();
  return useQuery({ queryKey: queueKeys.all, queryFn: () => unwrapAll((query) => api.GET('/annotation-queues', { params: { query } })) });
}

/** Refreshed every few seconds: several people work through a queue at once. */
export function useAnnotationQueue(queueId: string) {
  const api = useApi();
  return useQuery({ queryKey: queueKeys.one(queueId), queryFn: () => unwrap(api.GET('/annotation-queues/{queue_id}', inQueue(queueId))), refetchInterval: 5000 });
}

export function useCreateAnnotationQueue() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrucibleSchemas['CreateAnnotationQueueDto']) => unwrap(api.POST('/annotation-queues', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

export function useAddToQueue() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queueId, traceIds }: { queueId: string; traceIds: string[] }) =>
      unwrap(api.POST('/annotation-queues/{queue_id}/items', { ...inQueue(queueId), body: { trace_ids: traceIds } })),
    onSuccess: () => client.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

/** The item held for the caller, or null when nothing is left for them (204). */
export function useNextItem(queueId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async (): Promise<AnnotationItem | null> => {
      const item = await unwrap(api.POST('/annotation-queues/{queue_id}/next', inQueue(queueId)));
      return item ?? null;
    },
  });
}

export type Answer = CrucibleSchemas['CompleteQueueItemDto']['scores'][number];

export function useCompleteItem(queueId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, scores }: { itemId: string; scores: Answer[] }) =>
      unwrap(api.POST('/annotation-queues/{queue_id}/items/{item_id}/complete', { params: { path: { queue_id: queueId, item_id: itemId } }, body: { scores } })),
    onSuccess: (item) => {
      void client.invalidateQueries({ queryKey: queueKeys.one(queueId) });
      void client.invalidateQueries({ queryKey: traceKeys.one(item.trace_id) });
    },
  });
}

export function useSkipItem(queueId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (itemId: string) =>
      unwrap(api.POST('/annotation-queues/{queue_id}/items/{item_id}/skip', { params: { path: { queue_id: queueId, item_id: itemId } } })),
  });
}
