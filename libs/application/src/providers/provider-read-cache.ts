import { Injectable } from '@nestjs/common';
import { ProjectReadCache } from '../shared/project-read-cache';
import { SiblingProcesses } from '../shared/sibling-processes';
import { UnitOfWork } from '../shared/unit-of-work';

/** How long another api server may use a connection or price it did not see change. */
const PROVIDER_READ_TTL_MS = 5_000;

/**
 * Connections (decrypted for calls), their summaries and the project's pricer, read once per project instead of on
 * every model call; the use cases that change connections, custom models or sealed secrets drop the project's entries.
 */
@Injectable()
export class ProviderReadCache extends ProjectReadCache {
  /**
   * Without a unit of work (tests that build the cache alone), every read is outside one. No parameter decorators
   * (`@Optional`): the mock LLM server imports this through the in-memory world, and Playwright's loader rejects them.
   */
  constructor(unitOfWork?: UnitOfWork, siblings?: SiblingProcesses) {
    super(PROVIDER_READ_TTL_MS, unitOfWork, siblings, 'provider-reads');
  }
}
