import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';

export interface PlaygroundRun {
  variantId: string;
  inputs: Record<string, unknown>;
  /** The edited configuration; without it the revision's stored parameters run as they are. */
  config?: Record<string, unknown>;
  revision?: number;
}

export function useRunPlayground() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ variantId, inputs, config, revision }: PlaygroundRun) => unwrap(api.POST('/variants/{variant_id}/playground/run', {
      params: { path: { variant_id: variantId } },
      body: { inputs, ...(config ? { config } : {}), ...(revision ? { revision } : {}) },
    })),
  });
}
