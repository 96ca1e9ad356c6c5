import type { ApiKey } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export abstract class ApiKeyRepository {
  abstract findByHash(keyHash: string): Promise<ApiKey | null>;
  abstract create(key: ApiKey): Promise<void>;
  /** Oldest first (then id), one keyset page. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** Returns false when the project has no such key. */
  abstract delete(projectId: string, keyId: string): Promise<boolean>;
}
