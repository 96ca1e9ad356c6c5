import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import type { TestsetRow } from '@crucible/client';

export const testsetKeys = {
  all: ['testsets'] as const,
  one: (id: string) => ['testsets', id] as const,
  versions: (id: string) => ['testsets', id, 'versions'] as const,
  diff: (id: string, from: number, to: number) => ['testsets', id, 'diff', from, to] as const,
};

export function useTestsets() {
  const api = useApi();
  return useQuery({ queryKey: testsetKeys.all, queryFn: () => unwrap(api.GET('/testsets')) });
}

export function useTestset(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: testsetKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => unwrap(api.GET('/testsets/{testset_id}', { params: { path: { testset_id: id! } } })),
  });
}

/** Every version of the rows, oldest first; an edit invalidates it with the rest of the test set. */
export function useTestsetVersions(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: testsetKeys.versions(id),
    queryFn: () => unwrap(api.GET('/testsets/{testset_id}/versions', { params: { path: { testset_id: id } } })),
  });
}

export function useTestsetDiff(id: string, from: number | null, to: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: testsetKeys.diff(id, from ?? 0, to ?? 0),
    enabled: from !== null && to !== null && from !== to,
    // Versions never change: a diff once read stays true.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => unwrap(api.GET('/testsets/{testset_id}/diff', { params: { path: { testset_id: id }, query: { from: from!, to: to! } } })),
  });
}

export function useUploadTestset() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const form = new FormData();
      form.append('file', file);
      if (name.trim()) form.append('testset_name', name.trim());
      // multipart: the serializer hands over the form, so the browser writes the boundary (the typed body names the fields).
      return unwrap(api.POST('/testsets/upload', { body: { file: file.name }, bodySerializer: () => form }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsetKeys.all }),
  });
}

export function useCreateTestset() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, rows }: { name: string; rows: TestsetRow[] }) =>
      unwrap(api.POST('/testsets', { body: { name, csvdata: rows } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsetKeys.all }),
  });
}

/** Rows are replaced whole: the api keeps a test set's rows as one ordered list. */
export function useReplaceRows(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: TestsetRow[]) =>
      unwrap(api.PUT('/testsets/{testset_id}', { params: { path: { testset_id: id } }, body: { csvdata: rows } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsetKeys.all }),
  });
}

export function useDeleteTestset() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/testsets/{testset_id}', { params: { path: { testset_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsetKeys.all }),
  });
}
