import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  type HumanEvaluation, type HumanEvaluationStatus, type HumanEvaluationScenario, type HumanScenarioPatch, humanEvaluationStatuses, UNFINISHED_RUN_STATUSES,
  JUDGEABLE_HUMAN_STATUSES,
} from '@crucible/domain';
import {
  HumanEvaluationRepository, type Page, type PageRequest, type StatusChange, type StreamedPage, mapPage, mapStreamedPage,
} from '@crucible/application';
import { HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity } from '../entities/human-evaluation.orm-entity';
import {
  type HumanEvaluationScenarioRow, humanEvaluationMapper, humanEvaluationScenarioMapper,
} from '../mappers/human-evaluation.mapper';
import { BY_ROW, OLDEST_FIRST, keysetPage, streamedKeysetPage } from './keyset';

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Patch field → column; the only names that ever reach the SET clause. */
const PATCH_COLUMNS: Record<keyof HumanScenarioPatch, string> = {
  vote: 'vote', score: 'score', correctAnswer: 'correct_answer', isPinned: 'is_pinned', note: 'note', outputs: 'outputs',
};

@Injectable()
export class TypeOrmHumanEvaluationRepository extends HumanEvaluationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(evaluation: HumanEvaluation): Promise<void> {
    await this.dataSource.getRepository(HumanEvaluationOrmEntity)
      .insert(humanEvaluationMapper.toOrm(evaluation) as QueryDeepPartialEntity<HumanEvaluationOrmEntity>);
  }

  async findById(projectId: string, id: string): Promise<HumanEvaluation | null> {
    const row = await this.dataSource.getRepository(HumanEvaluationOrmEntity).findOneBy({ projectId, id });
    return row ? humanEvaluationMapper.toDomain(row) : null;
  }

  async statusOf(projectId: string, id: string): Promise<HumanEvaluation['status'] | null> {
    const row = await this.dataSource.getRepository(HumanEvaluationOrmEntity).findOne({ select: { status: true }, where: { projectId, id } });
    return row?.status ?? null;
  }

  async list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<HumanEvaluation[]> {
    if (filter.ids && filter.ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(HumanEvaluationOrmEntity).find({
      where: { projectId, ...(filter.appId ? { appId: filter.appId } : {}), ...(filter.ids ? { id: In(filter.ids) } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(humanEvaluationMapper.toDomain);
  }

  async listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<HumanEvaluation>> {
    const query = this.dataSource.getRepository(HumanEvaluationOrmEntity).createQueryBuilder('e')
      .where('e.project_id = :projectId', { projectId });
    if (filter.appId) query.andWhere('e.app_id = :appId', { appId: filter.appId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), humanEvaluationMapper.toDomain);
  }

  async moveStatus(projectId: string, id: string, change: StatusChange<HumanEvaluationStatus>): Promise<boolean> {
    const result = await this.dataSource.createQueryBuilder()
      .update(HumanEvaluationOrmEntity)
      .set({
        status: change.to,
        updatedAt: new Date(),
        ...(change.error !== undefined ? { statusError: () => ':statusError::jsonb' } : {}),
      })
      .where('id = :id AND project_id = :projectId AND status IN (:...from)', { id, projectId, from: humanEvaluationStatuses.movableFrom(change.to) })
      .setParameters({ statusError: json(change.error) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async saveScenario(scenario: HumanEvaluationScenario): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO human_evaluation_scenarios
           (id, project_id, human_evaluation_id, row_index, inputs, outputs, vote, score, correct_answer, is_pinned, note,
            created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (human_evaluation_id, row_index) DO NOTHING
         RETURNING id`,
        [
          scenario.id, scenario.projectId, scenario.evaluationId, scenario.rowIndex, json(scenario.inputs),
          json(scenario.outputs), scenario.vote, scenario.score, scenario.correctAnswer, scenario.isPinned, scenario.note,
          scenario.createdAt, scenario.updatedAt,
        ],
      );
      if (inserted.length === 0) return false;
      await manager.query(
        'UPDATE human_evaluations SET progress_done = progress_done + 1, updated_at = now() WHERE id = $1 AND project_id = $2',
        [scenario.evaluationId, scenario.projectId],
      );
      return true;
    });
  }

  async listScenarios(projectId: string, evaluationId: string): Promise<HumanEvaluationScenario[]> {
    const rows = await this.dataSource.getRepository(HumanEvaluationScenarioOrmEntity).find({
      where: { projectId, evaluationId },
      order: { rowIndex: 'ASC' },
    });
    return rows.map(humanEvaluationScenarioMapper.toDomain);
  }

  async streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<HumanEvaluationScenario>> {
    const scoped = () => this.dataSource.getRepository(HumanEvaluationScenarioOrmEntity).createQueryBuilder('s')
      .where('s.project_id = :projectId AND s.human_evaluation_id = :evaluationId', { projectId, evaluationId });
    return mapStreamedPage(await streamedKeysetPage(scoped, BY_ROW, page, chunkSize), humanEvaluationScenarioMapper.toDomain);
  }

  async storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]> {
    const rows: Array<{ row_index: number }> = await this.dataSource.query(
      'SELECT row_index FROM human_evaluation_scenarios WHERE project_id = $1 AND human_evaluation_id = $2',
      [projectId, evaluationId],
    );
    return rows.map((r) => r.row_index);
  }

  /**
   * Sets only the patched columns, and only while the evaluation is READY: one statement, so concurrent judges
   * of different scenarios (or of different fields of one) never overwrite each other's work. The CTE makes
   * both drivers answer the returned rows the same way.
   */
  async updateScenario(
    projectId: string, evaluationId: string, scenarioId: string, patch: HumanScenarioPatch,
  ): Promise<HumanEvaluationScenario | null> {
    const params: unknown[] = [scenarioId, evaluationId, projectId, [...JUDGEABLE_HUMAN_STATUSES]];
    const assignments = (Object.keys(PATCH_COLUMNS) as Array<keyof HumanScenarioPatch>)
      .filter((field) => patch[field] !== undefined)
      .map((field) => {
        // jsonb takes its value as JSON text; pg would send an array as a PostgreSQL array.
        if (field === 'outputs') {
          params.push(JSON.stringify(patch.outputs));
          return `${PATCH_COLUMNS[field]} = $${params.length}::jsonb`;
        }
        params.push(patch[field]);
        return `${PATCH_COLUMNS[field]} = $${params.length}`;
      });
    const rows: HumanEvaluationScenarioRow[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE human_evaluation_scenarios s SET ${[...assignments, 'updated_at = now()'].join(', ')}
         FROM human_evaluations e
         WHERE s.id = $1 AND s.human_evaluation_id = $2 AND s.project_id = $3
           AND e.id = s.human_evaluation_id AND e.project_id = s.project_id AND e.status = ANY($4)
         RETURNING s.*
       )
       SELECT * FROM updated`,
      params,
    );
    return rows[0] ? humanEvaluationScenarioMapper.fromRaw(rows[0]) : null;
  }

  async findScenario(projectId: string, evaluationId: string, scenarioId: string): Promise<HumanEvaluationScenario | null> {
    const row = await this.dataSource.getRepository(HumanEvaluationScenarioOrmEntity)
      .findOneBy({ projectId, evaluationId, id: scenarioId });
    return row ? humanEvaluationScenarioMapper.toDomain(row) : null;
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.dataSource.getRepository(HumanEvaluationOrmEntity).delete({ projectId, id: In(ids) });
    return result.affected ?? 0;
  }

  async listUnfinished(): Promise<Array<{ id: string; projectId: string }>> {
    const rows = await this.dataSource.getRepository(HumanEvaluationOrmEntity).find({
      select: { id: true, projectId: true },
      where: { status: In([...UNFINISHED_RUN_STATUSES]) },
      order: { createdAt: 'ASC' },
    });
    return rows.map((r) => ({ id: r.id, projectId: r.projectId }));
  }
}
