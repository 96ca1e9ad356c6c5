import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrucibleSchemas, Model } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapPage } from '../../api/api-client';

export type ModelProvider = Model['provider'];
export type NewCustomModel = CrucibleSchemas['CreateCustomModelDto'];
export type CustomModelChanges = CrucibleSchemas['UpdateCustomModelDto'];

export interface ModelFilters { provider: ModelProvider | null; q: string }

export const MODEL_PAGE_SIZE = 200;

export const modelKeys = {
  all: ['models'] as const,
  list: (filters: ModelFilters) => ['models', 'list', filters] as const,
  options: (filters: ModelFilters) => ['models', 'options', filters] as const,
};

const modelQuery = (filters: ModelFilters) => ({
  ...(filters.provider ? { provider: filters.provider } : {}),
  ...(filters.q ? { q: filters.q } : {}),
});

/** The catalog and the project's custom models, ordered by id, a page at a time (the catalog has ~1 000). */
export function useModels(filters: ModelFilters) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: modelKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { items, next } = await unwrapPage(api.GET('/models', {
        params: { query: { ...modelQuery(filters), limit: MODEL_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
      }));
      return { models: items, next };
    },
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });
}

/** Choices for a model picker: one page of matches (the api's largest), the project's available models first. */
export function useModelOptions(filters: ModelFilters) {
  const api = useApi();
  return useQuery({
    queryKey: modelKeys.options(filters),
    queryFn: async () => {
      const models = await unwrap(api.GET('/models', { params: { query: { ...modelQuery(filters), limit: 1000 } } }));
      return [...models].sort((a, b) => Number(b.available) - Number(a.available));
    },
    placeholderData: keepPreviousData,
  });
}

function useInvalidateModels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: modelKeys.all });
}

export function useCreateCustomModel() {
  const api = useApi();
  const invalidate = useInvalidateModels();
  return useMutation({ mutationFn: (body: NewCustomModel) => unwrap(api.POST('/models', { body })), onSuccess: invalidate });
}

export function useUpdateCustomModel() {
  const api = useApi();
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: CustomModelChanges }) =>
      unwrap(api.PATCH('/models/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomModel() {
  const api = useApi();
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/models/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
