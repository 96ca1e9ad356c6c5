import type { ApiKey } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export abstract class ApiKeyRepository {
  /** Revoked keys too (their `revokedAt` says so): authentication refuses them, the bootstrap remembers them. */
  abstract findByHash(keyHash: string): Promise<ApiKey | null>;
  abstract create(key: ApiKey): Promise<void>;
  /** The project's keys that are not revoked, oldest first (then id), one keyset page. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** Marks the key revoked, keeping its hash; false when the project has no such key that is not revoked. */
  abstract revoke(projectId: string, keyId: string, at: Date): Promise<boolean>;
  /** Sets the key's `lastUsedAt` to `at`, unless another process set it less than KEY_USE_RECORDED_EVERY_MS before. */
  abstract recordUse(keyId: string, at: Date): Promise<void>;
}
