import { Injectable } from '@nestjs/common';
import { ProjectReadCache } from '../shared/project-read-cache';

/** How long another process may use a connection or price it did not see change. */
export const PROVIDER_READ_TTL_MS = 5_000;

/**
 * Connections (decrypted for calls), their summaries and the project's pricer, read once per project instead of on
 * every model call; the use cases that change connections, custom models or sealed secrets drop the project's entries.
 */
@Injectable()
export class ProviderReadCache extends ProjectReadCache {
  constructor() {
    super(PROVIDER_READ_TTL_MS);
  }
}
