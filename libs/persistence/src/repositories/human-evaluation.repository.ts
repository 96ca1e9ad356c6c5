import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  type HumanEvaluation, type HumanEvaluationStatus, type HumanEvaluationScenario, type HumanScenarioPatch, humanEvaluationStatuses,
  JUDGEABLE_HUMAN_STATUSES,
} from '@crucible/domain';
import {
  HumanEvaluationRepository, type Page, type PageRequest, type RowRun, type RunReference, type StatusChange, type StreamedPage, mapPage,
} from '@crucible/application';
import { HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity } from '../entities/human-evaluation.orm-entity';
import {
  type HumanEvaluationScenarioRow, humanEvaluationMapper, humanEvaluationScenarioMapper,
} from '../mappers/human-evaluation.mapper';
import { OLDEST_FIRST, keysetPage } from './keyset';
import { RunStorage } from './run-storage';
import { jsonParameter as json } from './run-storage.sql';
import { HUMAN_PROGRESS_STEP, HUMAN_SCENARIO_INSERT, humanScenarioUpdate } from './human-evaluation.sql';

@Injectable()
export class TypeOrmHumanEvaluationRepository extends HumanEvaluationRepository {
  private readonly runs: RunStorage<HumanEvaluation, HumanEvaluationScenario, HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.runs = new RunStorage(dataSource, {
      tables: { runs: 'human_evaluations', scenarios: 'human_evaluation_scenarios', runColumn: 'human_evaluation_id', repetitionColumn: null },
      runEntity: HumanEvaluationOrmEntity, scenarioEntity: HumanEvaluationScenarioOrmEntity,
      runToDomain: humanEvaluationMapper.toDomain, scenarioToDomain: humanEvaluationScenarioMapper.toDomain,
    });
  }

  private get rows() {
    return this.dataSource.getRepository(HumanEvaluationOrmEntity);
  }

  async create(evaluation: HumanEvaluation): Promise<void> {
    await this.rows.insert(this.rows.create(humanEvaluationMapper.toOrm(evaluation)));
  }

  findById(projectId: string, id: string): Promise<HumanEvaluation | null> {
    return this.runs.findById(projectId, id);
  }

  statusOf(projectId: string, id: string): Promise<HumanEvaluation['status'] | null> {
    return this.runs.statusOf(projectId, id);
  }

  storedRowRuns(projectId: string, evaluationId: string): Promise<RowRun[]> {
    return this.runs.storedRowRuns(projectId, evaluationId);
  }

  listScenarios(projectId: string, evaluationId: string): Promise<HumanEvaluationScenario[]> {
    return this.runs.listScenarios(projectId, evaluationId);
  }

  streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<HumanEvaluationScenario>> {
    return this.runs.streamScenarios(projectId, evaluationId, page, chunkSize);
  }

  deleteMany(projectId: string, ids: string[]): Promise<number> {
    return this.runs.deleteMany(projectId, ids);
  }

  listUnfinished(): Promise<RunReference[]> {
    return this.runs.listUnfinished();
  }

  async list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<HumanEvaluation[]> {
    if (filter.ids && filter.ids.length === 0) return [];
    const rows = await this.rows.find({
      where: { projectId, ...(filter.appId ? { appId: filter.appId } : {}), ...(filter.ids ? { id: In(filter.ids) } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(humanEvaluationMapper.toDomain);
  }

  async listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<HumanEvaluation>> {
    const query = this.rows.createQueryBuilder('e').where('e.project_id = :projectId', { projectId });
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
      const inserted: unknown[] = await manager.query(HUMAN_SCENARIO_INSERT, [
        scenario.id, scenario.projectId, scenario.evaluationId, scenario.rowIndex, json(scenario.inputs),
        json(scenario.outputs), scenario.vote, scenario.score, scenario.correctAnswer, scenario.isPinned, scenario.note,
        scenario.createdAt, scenario.updatedAt,
      ]);
      if (inserted.length === 0) return false;
      await manager.query(HUMAN_PROGRESS_STEP, [scenario.evaluationId, scenario.projectId]);
      return true;
    });
  }

  async updateScenario(
    projectId: string, evaluationId: string, scenarioId: string, patch: HumanScenarioPatch,
  ): Promise<HumanEvaluationScenario | null> {
    const update = humanScenarioUpdate(patch);
    const rows: HumanEvaluationScenarioRow[] = await this.dataSource.query(
      update.sql, [scenarioId, evaluationId, projectId, [...JUDGEABLE_HUMAN_STATUSES], ...update.values],
    );
    return rows[0] ? humanEvaluationScenarioMapper.fromRow(rows[0]) : null;
  }

  async findScenario(projectId: string, evaluationId: string, scenarioId: string): Promise<HumanEvaluationScenario | null> {
    const row = await this.dataSource.getRepository(HumanEvaluationScenarioOrmEntity)
      .findOneBy({ projectId, evaluationId, id: scenarioId });
    return row ? humanEvaluationScenarioMapper.toDomain(row) : null;
  }
}
