import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ScoreConfig } from '@crucible/domain';
import { type Page, type PageRequest, type ScoreConfigFilter, ScoreConfigRepository, mapPage } from '@crucible/application';
import { ScoreConfigOrmEntity } from '../entities/feedback.orm-entity';
import { scoreConfigMapper } from '../mappers/feedback.mapper';
import { conflictIfTaken } from '../data-source/database-errors';
import { OLDEST_FIRST, keysetPage } from './keyset';

const taken = (name: string) => `name: a score config named "${name}" already exists in this project (archive it first to reuse the name)`;

@Injectable()
export class TypeOrmScoreConfigRepository extends ScoreConfigRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(ScoreConfigOrmEntity);
  }

  async create(config: ScoreConfig): Promise<void> {
    await conflictIfTaken(taken(config.name), () => this.rows.insert(this.rows.create(scoreConfigMapper.toOrm(config))));
  }

  async list(projectId: string, filter: ScoreConfigFilter, page: PageRequest): Promise<Page<ScoreConfig>> {
    const query = this.rows.createQueryBuilder('c').where('c.project_id = :projectId', { projectId });
    if (filter.archived !== undefined) query.andWhere('c.archived = :archived', { archived: filter.archived });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), scoreConfigMapper.toDomain);
  }

  async findById(projectId: string, id: string): Promise<ScoreConfig | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? scoreConfigMapper.toDomain(row) : null;
  }

  async findByName(projectId: string, name: string): Promise<ScoreConfig | null> {
    const row = await this.rows.findOne({ where: { projectId, name }, order: { archived: 'ASC', updatedAt: 'DESC', id: 'ASC' } });
    return row ? scoreConfigMapper.toDomain(row) : null;
  }

  async setArchived(projectId: string, id: string, archived: boolean, at: Date): Promise<ScoreConfig | null> {
    const config = await this.findById(projectId, id);
    if (!config || config.archived === archived) return config;
    await conflictIfTaken(taken(config.name), () => this.rows.update({ projectId, id }, { archived, updatedAt: at }));
    return { ...config, archived, updatedAt: at };
  }
}
