import { ProviderConnectionDirectory, type ConnectionSummary } from './ports/provider-connection-directory.port';
import type { ProviderReadCache } from './provider-read-cache';
import type { ProviderKind } from '@crucible/domain';

/** The directory read through the provider cache: a prompt call names its connection on every run. */
export class CachedProviderConnectionDirectory extends ProviderConnectionDirectory {
  constructor(
    private readonly stored: ProviderConnectionDirectory,
    private readonly cache: ProviderReadCache,
  ) {
    super();
  }

  kindsConnected(projectId: string): Promise<ProviderKind[]> {
    return this.cache.read(projectId, 'kinds', () => this.stored.kindsConnected(projectId));
  }

  connectionById(projectId: string, id: string): Promise<ConnectionSummary | null> {
    return this.cache.read(projectId, `connection:${id}`, () => this.stored.connectionById(projectId, id));
  }
}
