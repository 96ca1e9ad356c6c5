import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type App, type Environment, DomainError } from '@crucible/domain';
import { AppRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { AppOrmEntity } from '../entities/registry.orm-entity';
import { EnvironmentOrmEntity } from '../entities/environment.orm-entity';
import { appMapper, environmentMapper } from '../mappers/registry.mapper';
import { isUniqueViolation } from '../data-source/database-errors';
import { OLDEST_FIRST, keysetPage } from './keyset';

@Injectable()
export class TypeOrmAppRepository extends AppRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(app: App, environments: Environment[]): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(AppOrmEntity, appMapper.toOrm(app));
        await manager.insert(EnvironmentOrmEntity, environments.map(environmentMapper.toOrm));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `app "${app.name}" already exists`);
      throw error;
    }
  }

  async list(projectId: string, page: PageRequest): Promise<Page<App>> {
    const query = this.dataSource.getRepository(AppOrmEntity).createQueryBuilder('a').where('a.project_id = :projectId', { projectId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), appMapper.toDomain);
  }

  async findById(projectId: string, appId: string): Promise<App | null> {
    const row = await this.dataSource.getRepository(AppOrmEntity).findOneBy({ id: appId, projectId });
    return row ? appMapper.toDomain(row) : null;
  }

  async findByName(projectId: string, name: string): Promise<App | null> {
    const row = await this.dataSource.getRepository(AppOrmEntity).findOneBy({ name, projectId });
    return row ? appMapper.toDomain(row) : null;
  }

  async delete(projectId: string, appId: string): Promise<void> {
    await this.dataSource.getRepository(AppOrmEntity).delete({ id: appId, projectId });
  }

  async rename(projectId: string, appId: string, name: string, updatedAt: Date): Promise<void> {
    try {
      await this.dataSource.getRepository(AppOrmEntity).update({ id: appId, projectId }, { name, updatedAt });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `app "${name}" already exists`);
      throw error;
    }
  }
}
