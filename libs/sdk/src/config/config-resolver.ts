import type { ResolvedConfig } from '@crucible/contracts';
import { sdkState } from '../init/sdk-state';
import { ConfigReference, referenceKey } from './registry-client';

/** A deployed configuration through the cache; throws RegistryError when none can be had. */
export function resolveConfig(reference: ConfigReference): Promise<ResolvedConfig> {
  const { configCache, registry } = sdkState();
  return configCache.get(referenceKey(reference), () => registry.fetchConfig(reference));
}
