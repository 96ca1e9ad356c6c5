import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OnlineEvaluationRule, OnlineExecutionCounts, OnlineExecutionStatus } from '@crucible/domain';
import { OnlineEvaluationRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { onlineEvaluationMapper } from '../mappers/online-evaluation.mapper';
import { OLDEST_FIRST, keysetPage } from './keyset';
import { EXECUTION_COUNTS } from './online-evaluation.sql';

@Injectable()
export class TypeOrmOnlineEvaluationRepository extends OnlineEvaluationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(OnlineEvaluationOrmEntity);
  }

  async create(rule: OnlineEvaluationRule): Promise<void> {
    await this.rows.insert(this.rows.create(onlineEvaluationMapper.toOrm(rule)));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<OnlineEvaluationRule>> {
    const query = this.rows.createQueryBuilder('r').where('r.project_id = :projectId', { projectId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), onlineEvaluationMapper.toDomain);
  }

  async findById(projectId: string, id: string): Promise<OnlineEvaluationRule | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? onlineEvaluationMapper.toDomain(row) : null;
  }

  async setActive(projectId: string, id: string, active: boolean, now: Date): Promise<OnlineEvaluationRule | null> {
    const { affected } = await this.rows.update({ projectId, id }, { active, updatedAt: now });
    return affected ? this.findById(projectId, id) : null;
  }

  async counts(projectId: string, ruleIds: string[]): Promise<Map<string, OnlineExecutionCounts>> {
    const counts = new Map<string, OnlineExecutionCounts>(ruleIds.map((id) => [id, { pending: 0, completed: 0, error: 0, skipped: 0 }]));
    if (ruleIds.length === 0) return counts;
    const rows: Array<{ rule_id: string; status: OnlineExecutionStatus; count: number }> = await this.dataSource.query(EXECUTION_COUNTS, [projectId, ruleIds]);
    for (const row of rows) counts.get(row.rule_id)![row.status] = row.count;
    return counts;
  }
}
