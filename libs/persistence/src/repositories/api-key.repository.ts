import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { type ApiKey, KEY_USE_RECORDED_EVERY_MS } from '@crucible/domain';
import { ApiKeyRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { ApiKeyOrmEntity } from '../entities/access.orm-entity';
import { apiKeyMapper } from '../mappers/registry.mapper';
import { OLDEST_FIRST, keysetPage } from './keyset';
import { topics } from '../data-source/change-notices';
import { UnchangedReads } from './unchanged-reads';

/** Keys kept found. */
const KEYS_KEPT = 1000;

@Injectable()
export class TypeOrmApiKeyRepository extends ApiKeyRepository {
  private readonly found: UnchangedReads<ApiKey | null>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.found = new UnchangedReads(dataSource, KEYS_KEPT);
  }

  /**
   * Asked by every request. A key found is answered again while no key changed: a revoked key is refused by the very
   * next request, whichever process revoked it. A key not found is never kept.
   */
  findByHash(keyHash: string): Promise<ApiKey | null> {
    return this.found.read(topics.apiKeys, keyHash, async () => {
      const row = await this.dataSource.getRepository(ApiKeyOrmEntity).findOneBy({ keyHash });
      return row ? apiKeyMapper.toDomain(row) : null;
    }, (key) => key !== null);
  }

  async create(key: ApiKey): Promise<void> {
    const keys = this.dataSource.getRepository(ApiKeyOrmEntity);
    await keys.insert(keys.create(apiKeyMapper.toOrm(key)));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const query = this.dataSource.getRepository(ApiKeyOrmEntity).createQueryBuilder('k')
      .where('k.project_id = :projectId', { projectId }).andWhere('k.revoked_at IS NULL');
    const rows = await keysetPage(query, OLDEST_FIRST, page);
    const uses: Array<{ key_id: string; last_used_at: Date }> = rows.items.length === 0 ? [] : await this.dataSource.query(
      'SELECT key_id, last_used_at FROM api_key_uses WHERE key_id = ANY($1::uuid[])', [rows.items.map((row) => row.id)],
    );
    const lastUse = new Map(uses.map((use) => [use.key_id, new Date(use.last_used_at)]));
    return mapPage(rows, (row) => apiKeyMapper.toDomain(row, lastUse.get(row.id) ?? null));
  }

  async revoke(projectId: string, keyId: string, at: Date): Promise<boolean> {
    const result = await this.dataSource.getRepository(ApiKeyOrmEntity).update({ id: keyId, projectId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /**
   * In a table of its own, so a use sends no change notice (every api would forget its known keys once a minute); the
   * condition keeps many api processes to one write a minute, and a key revoked meanwhile gets no row.
   */
  async recordUse(keyId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO api_key_uses (key_id, last_used_at) SELECT id, $2 FROM api_keys WHERE id = $1
        ON CONFLICT (key_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at
        WHERE api_key_uses.last_used_at <= EXCLUDED.last_used_at - make_interval(secs => $3)`,
      [keyId, at, KEY_USE_RECORDED_EVERY_MS / 1000],
    );
  }
}
