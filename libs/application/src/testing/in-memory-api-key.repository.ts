import { type ApiKey, KEY_USE_RECORDED_EVERY_MS } from '@crucible/domain';
import { ApiKeyRepository } from '../access/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

export class InMemoryApiKeyRepository extends ApiKeyRepository {
  readonly keys: ApiKey[] = [];

  async findByHash(keyHash: string): Promise<ApiKey | null> {
    return structuredClone(this.keys.find((key) => key.keyHash === keyHash) ?? null);
  }

  async create(key: ApiKey): Promise<void> {
    this.keys.push(structuredClone(key));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return pageOfList(this.keys.filter((key) => key.projectId === projectId && !key.revokedAt), page, (key) => key.id);
  }

  async revoke(projectId: string, keyId: string, at: Date): Promise<boolean> {
    const key = this.keys.find((candidate) => candidate.projectId === projectId && candidate.id === keyId && !candidate.revokedAt);
    if (key) key.revokedAt = at;
    return Boolean(key);
  }

  async recordUse(keyId: string, at: Date): Promise<void> {
    const key = this.keys.find((candidate) => candidate.id === keyId);
    if (key && (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() >= KEY_USE_RECORDED_EVERY_MS)) key.lastUsedAt = at;
  }
}
