import type { ApiKey } from '@crucible/domain';

export abstract class ApiKeyRepository {
  abstract findByHash(keyHash: string): Promise<ApiKey | null>;
  abstract create(key: ApiKey): Promise<void>;
  abstract list(projectId: string): Promise<ApiKey[]>;
  /** Returns false when the project has no such key. */
  abstract delete(projectId: string, keyId: string): Promise<boolean>;
}
