import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiKey, Project } from '@crucible/domain';
import { ApiKeyRepository, type Page, type PageRequest, ProjectRepository, mapPage } from '@crucible/application';
import { ApiKeyOrmEntity, ProjectOrmEntity } from '../entities/access.orm-entity';
import { apiKeyMapper, projectMapper } from '../mappers/registry.mapper';
import { OLDEST_FIRST, keysetPage } from './keyset';
import { changeNoticesOf, topics } from '../data-source/change-notices';

@Injectable()
export class TypeOrmProjectRepository extends ProjectRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createWithKey(project: Project, key: ApiKey): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(ProjectOrmEntity, projectMapper.toOrm(project));
      await manager.insert(ApiKeyOrmEntity, apiKeyMapper.toOrm(key));
    });
  }

  async findById(projectId: string): Promise<Project | null> {
    const row = await this.dataSource.getRepository(ProjectOrmEntity).findOneBy({ id: projectId });
    return row ? projectMapper.toDomain(row) : null;
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(ProjectOrmEntity).count();
  }

  async findDefault(): Promise<Project | null> {
    const row = await this.dataSource.getRepository(ProjectOrmEntity).createQueryBuilder('p')
      .orderBy(`CASE WHEN p.name = 'default' THEN 0 ELSE 1 END`).addOrderBy('p.created_at').addOrderBy('p.id')
      .limit(1).getOne();
    return row ? projectMapper.toDomain(row) : null;
  }
}

/** Keys kept found, the least recently used dropped beyond this. */
const KEYS_KEPT = 1000;

@Injectable()
export class TypeOrmApiKeyRepository extends ApiKeyRepository {
  private readonly found = new Map<string, { stamp: string; key: ApiKey }>();

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * Asked by every request. A key found is kept with the stamp of the `api_keys` topic when it was read, and served
   * while that stamp holds: any insert, change or delete of a key, by any process, makes the next stamp differ, so a
   * revoked key is refused by the very next request. A key not found is never kept.
   */
  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const stamp = await changeNoticesOf(this.dataSource)?.stampOf(topics.apiKeys) ?? null;
    const known = this.found.get(keyHash);
    if (stamp !== null && known?.stamp === stamp) return known.key;
    const row = await this.dataSource.getRepository(ApiKeyOrmEntity).findOneBy({ keyHash });
    const key = row ? apiKeyMapper.toDomain(row) : null;
    this.found.delete(keyHash); // re-inserted below: the map's order is the order of use
    if (key && stamp !== null) {
      this.found.set(keyHash, { stamp, key });
      if (this.found.size > KEYS_KEPT) this.found.delete(this.found.keys().next().value!);
    }
    return key;
  }

  async create(key: ApiKey): Promise<void> {
    await this.dataSource.getRepository(ApiKeyOrmEntity).insert(apiKeyMapper.toOrm(key));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const query = this.dataSource.getRepository(ApiKeyOrmEntity).createQueryBuilder('k').where('k.project_id = :projectId', { projectId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), apiKeyMapper.toDomain);
  }

  async delete(projectId: string, keyId: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(ApiKeyOrmEntity).delete({ id: keyId, projectId });
    return (result.affected ?? 0) > 0;
  }
}
