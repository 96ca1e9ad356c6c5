import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Environment, type EnvironmentRevision, DomainError } from '@crucible/domain';
import { type Deployment, EnvironmentRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { EnvironmentOrmEntity, EnvironmentRevisionOrmEntity } from '../entities/environment.orm-entity';
import { environmentMapper, environmentRevisionMapper } from '../mappers/registry.mapper';
import { OLDEST_FIRST_BY_NAME, keysetPage } from './keyset';

@Injectable()
export class TypeOrmEnvironmentRepository extends EnvironmentRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(projectId: string, appId: string, page: PageRequest): Promise<Page<Environment>> {
    const query = this.dataSource.getRepository(EnvironmentOrmEntity).createQueryBuilder('e')
      .where('e.project_id = :projectId AND e.app_id = :appId', { projectId, appId });
    // An app's environments are created together: the name orders those of one instant.
    return mapPage(await keysetPage(query, OLDEST_FIRST_BY_NAME, page), environmentMapper.toDomain);
  }

  async findByName(projectId: string, appId: string, name: string): Promise<Environment | null> {
    const row = await this.dataSource.getRepository(EnvironmentOrmEntity).findOneBy({ projectId, appId, name });
    return row ? environmentMapper.toDomain(row) : null;
  }

  async findById(projectId: string, environmentId: string): Promise<Environment | null> {
    const row = await this.dataSource.getRepository(EnvironmentOrmEntity).findOneBy({ projectId, id: environmentId });
    return row ? environmentMapper.toDomain(row) : null;
  }

  async appendRevision(projectId: string, environmentId: string, deployment: Deployment): Promise<EnvironmentRevision> {
    return this.dataSource.transaction(async (manager) => {
      // Locking the environment row serialises deployments; the unique (environment_id, revision) is the backstop.
      const environment = await manager.getRepository(EnvironmentOrmEntity).findOne({
        where: { id: environmentId, projectId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!environment) throw DomainError.notFound('environment', environmentId);
      const revision: EnvironmentRevision = {
        id: crypto.randomUUID(), projectId, environmentId, revision: (environment.revision ?? 0) + 1,
        deployedVariantId: deployment.variantId, deployedVariantName: deployment.variantName,
        deployedVariantRevisionId: deployment.variantRevisionId, deployedVariantRevision: deployment.variantRevision,
        commitMessage: deployment.commitMessage, modifiedById: deployment.modifiedById, modifiedBy: deployment.modifiedBy,
        createdAt: new Date(),
      };
      const revisions = manager.getRepository(EnvironmentRevisionOrmEntity);
      await revisions.insert(revisions.create(environmentRevisionMapper.toOrm(revision)));
      await manager.update(EnvironmentOrmEntity, { id: environmentId }, {
        revision: revision.revision, deployedVariantId: deployment.variantId, deployedVariantName: deployment.variantName,
        deployedVariantRevisionId: deployment.variantRevisionId,
      });
      return revision;
    });
  }

  async history(projectId: string, environmentId: string): Promise<EnvironmentRevision[]> {
    const rows = await this.dataSource.getRepository(EnvironmentRevisionOrmEntity).find({
      where: { projectId, environmentId },
      order: { revision: 'ASC' },
    });
    return rows.map(environmentRevisionMapper.toDomain);
  }

  async findRevisionById(projectId: string, environmentRevisionId: string): Promise<EnvironmentRevision | null> {
    const row = await this.dataSource.getRepository(EnvironmentRevisionOrmEntity).findOneBy({ projectId, id: environmentRevisionId });
    return row ? environmentRevisionMapper.toDomain(row) : null;
  }
}
