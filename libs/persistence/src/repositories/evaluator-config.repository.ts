import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { EvaluatorConfig } from '@crucible/domain';
import { EvaluatorConfigRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { EvaluatorConfigOrmEntity } from '../entities/evaluation.orm-entity';
import { evaluatorConfigMapper } from '../mappers/evaluation.mapper';
import { conflictIfTaken } from '../data-source/database-errors';
import { OLDEST_FIRST, keysetPage } from './keyset';

/** The unique (project, app, name) constraint, told as the port promises: a conflict naming the name. */
const taken = (name: string) => `evaluator config "${name}" already exists`;

@Injectable()
export class TypeOrmEvaluatorConfigRepository extends EvaluatorConfigRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(EvaluatorConfigOrmEntity);
  }

  async create(config: EvaluatorConfig): Promise<void> {
    await conflictIfTaken(taken(config.name), () => this.rows.insert(this.rows.create(evaluatorConfigMapper.toOrm(config))));
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<EvaluatorConfig>> {
    const query = this.rows.createQueryBuilder('c').where('c.project_id = :projectId', { projectId });
    // An app's configs include the project-wide ones (no app).
    if (appId) query.andWhere('(c.app_id = :appId OR c.app_id IS NULL)', { appId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), evaluatorConfigMapper.toDomain);
  }

  async findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows.findBy({ projectId, id: In(ids) });
    return rows.map(evaluatorConfigMapper.toDomain);
  }

  async update(config: EvaluatorConfig): Promise<void> {
    const { name, evaluatorKey, settingsValues, updatedAt } = evaluatorConfigMapper.toOrm(config);
    await conflictIfTaken(taken(name), () => this.rows.update({ id: config.id, projectId: config.projectId }, { name, evaluatorKey, settingsValues, updatedAt }));
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.rows.delete({ projectId, id });
    return (result.affected ?? 0) > 0;
  }

  async findUsingConnection(projectId: string, connectionId: string): Promise<EvaluatorConfig[]> {
    const rows = await this.rows.createQueryBuilder('c')
      .where('c.project_id = :projectId', { projectId })
      .andWhere("c.settings_values->>'connection_id' = :connectionId", { connectionId })
      .orderBy('c.created_at').getMany();
    return rows.map(evaluatorConfigMapper.toDomain);
  }
}
