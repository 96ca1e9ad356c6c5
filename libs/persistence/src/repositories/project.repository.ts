import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiKey, Project } from '@crucible/domain';
import { ProjectRepository } from '@crucible/application';
import { ApiKeyOrmEntity, ProjectOrmEntity } from '../entities/access.orm-entity';
import { apiKeyMapper, projectMapper } from '../mappers/registry.mapper';

@Injectable()
export class TypeOrmProjectRepository extends ProjectRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createWithKey(project: Project, key: ApiKey): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const projects = manager.getRepository(ProjectOrmEntity);
      const keys = manager.getRepository(ApiKeyOrmEntity);
      await projects.insert(projects.create(projectMapper.toOrm(project)));
      await keys.insert(keys.create(apiKeyMapper.toOrm(key)));
    });
  }

  async findById(projectId: string): Promise<Project | null> {
    const row = await this.dataSource.getRepository(ProjectOrmEntity).findOneBy({ id: projectId });
    return row ? projectMapper.toDomain(row) : null;
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(ProjectOrmEntity).count();
  }

  /**
   * Every table of a project references it ON DELETE CASCADE (spans follow their traces by trigger), so one DELETE
   * takes it all, atomically; audit_events has no foreign key and keeps the project's history, its deletion included.
   */
  async delete(projectId: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(ProjectOrmEntity).delete({ id: projectId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * SHARE ROW EXCLUSIVE conflicts with itself and with every INSERT, UPDATE and DELETE of projects, not with reads: a
   * second deleter or a creator waits for the unit's commit, then sees its outcome. (On PGlite one session runs one
   * transaction at a time anyway; the statement costs nothing there.) It begins the unit's transaction, so the reads
   * after it are the unit's own.
   */
  async holdCreationsAndDeletions(): Promise<void> {
    await this.dataSource.query('LOCK TABLE projects IN SHARE ROW EXCLUSIVE MODE');
  }

  async findDefault(): Promise<Project | null> {
    const row = await this.dataSource.getRepository(ProjectOrmEntity).createQueryBuilder('p')
      .orderBy(`CASE WHEN p.name = 'default' THEN 0 ELSE 1 END`).addOrderBy('p.created_at').addOrderBy('p.id')
      .limit(1).getOne();
    return row ? projectMapper.toDomain(row) : null;
  }
}
