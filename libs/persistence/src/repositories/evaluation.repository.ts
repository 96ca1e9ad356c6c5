import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  type Evaluation, type EvaluationScenario, type ScenarioNumbers, type ScenarioTally, type TraceWithSpans, evaluationStatuses,
  progressCountsOf,
} from '@crucible/domain';
import {
  EvaluationRepository, type EvaluationStatusChange, type Page, type PageRequest, type RowRun, type RunReference, type StreamedPage,
} from '@crucible/application';
import { EvaluationOrmEntity, EvaluationScenarioOrmEntity } from '../entities/evaluation.orm-entity';
import { evaluationMapper, evaluationScenarioMapper } from '../mappers/evaluation.mapper';
import { isForeignKeyViolation, violatedConstraint } from '../data-source/database-errors';
import { topics } from '../data-source/change-notices';
import { FinishedEvaluationCache } from './finished-evaluation.cache';
import { UnchangedReads } from './unchanged-reads';
import { tallyStoredScenarios } from './scenario-tally.query';
import { streamStoredScenarioNumbers } from './scenario-numbers.query';
import { mergeTraces, traceInsertParameter } from './trace-insert.sql';
import { EVALUATION_CURSOR_KEYS, SCENARIO_BATCH_INSERT, evaluationPageKeysSql } from './evaluation.sql';
import { decodeCursor, encodeCursor, sqlLimit } from './keyset';
import { RunStorage } from './run-storage';
import { jsonParameter as json } from './run-storage.sql';

/** Scenarios as SCENARIO_BATCH_INSERT reads them, each with what it adds to the progress. */
const scenarioRecords = (scenarios: EvaluationScenario[]) => scenarios.map((s) => ({
  id: s.id, row_index: s.rowIndex, repetition: s.repetition, inputs: s.inputs, output: s.output, correct_answer: s.correctAnswer, results: s.results,
  latency: s.latency, cost: s.cost, error: s.error, trace_id: s.traceId, created_at: s.createdAt,
  ...progressCountsOf([s]),
}));

/** Listed pages kept whole while their project's evaluations do not change. */
const RECENT_PAGES = 16;

@Injectable()
export class TypeOrmEvaluationRepository extends EvaluationRepository {
  private readonly finished = new FinishedEvaluationCache();
  /** By project, app, limit and cursor: a page asked for again while nothing changed is the same object. */
  private readonly recentPages: UnchangedReads<Page<Evaluation>>;
  private readonly runs: RunStorage<Evaluation, EvaluationScenario, EvaluationOrmEntity, EvaluationScenarioOrmEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.recentPages = new UnchangedReads(dataSource, RECENT_PAGES);
    this.runs = new RunStorage(dataSource, {
      tables: { runs: 'evaluations', scenarios: 'evaluation_scenarios', runColumn: 'evaluation_id', repetitionColumn: 'repetition' },
      runEntity: EvaluationOrmEntity, scenarioEntity: EvaluationScenarioOrmEntity,
      runToDomain: evaluationMapper.toDomain, scenarioToDomain: evaluationScenarioMapper.toDomain,
    });
  }

  async createMany(evaluations: Evaluation[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(EvaluationOrmEntity);
      for (const evaluation of evaluations) await rows.insert(rows.create(evaluationMapper.toOrm(evaluation)));
    });
  }

  async createWithScenarios(evaluation: Evaluation, scenarios: EvaluationScenario[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(EvaluationOrmEntity);
      // The rows' insert adds them to the progress, as it does for a run's batches.
      await rows.insert(rows.create(evaluationMapper.toOrm({ ...evaluation, progressDone: 0, progressFailedRows: 0, progressEvaluatorErrors: 0 })));
      if (scenarios.length > 0) {
        await manager.query(SCENARIO_BATCH_INSERT, [evaluation.id, evaluation.projectId, JSON.stringify(scenarioRecords(scenarios)), traceInsertParameter([])]);
      }
    });
  }

  findById(projectId: string, id: string): Promise<Evaluation | null> {
    return this.runs.findById(projectId, id);
  }

  statusOf(projectId: string, id: string): Promise<Evaluation['status'] | null> {
    return this.runs.statusOf(projectId, id);
  }

  storedRowRuns(projectId: string, evaluationId: string): Promise<RowRun[]> {
    return this.runs.storedRowRuns(projectId, evaluationId);
  }

  streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<EvaluationScenario>> {
    return this.runs.streamScenarios(projectId, evaluationId, page, chunkSize);
  }

  listUnfinished(): Promise<RunReference[]> {
    return this.runs.listUnfinished();
  }

  listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>> {
    const key = `${projectId} ${filter.appId ?? ''} ${page.limit ?? ''} ${page.cursor ?? ''}`;
    return this.recentPages.read(topics.evaluationsOf(projectId), key, () => this.readPage(projectId, filter, page));
  }

  private async readPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>> {
    const parameters: unknown[] = [projectId];
    const where = ['project_id = $1'];
    if (filter.appId) where.push(`app_id = $${parameters.push(filter.appId)}`);
    if (page.cursor) {
      const [createdAt, variantName, id] = decodeCursor(page.cursor, ['timestamptz', 'text', 'uuid']);
      where.push(`(created_at, variant_name, id) > ($${parameters.push(createdAt)}::timestamptz, $${parameters.push(variantName)}, $${parameters.push(id)}::uuid)`);
    }
    const [{ keys }]: Array<{ keys: string | null }> = await this.dataSource.query(
      evaluationPageKeysSql(where.join(' AND '), sqlLimit(page)), parameters,
    );
    const stamps = (keys ? keys.split(',') : []).map((pair) => {
      const [id, stamp] = pair.split(' ') as [string, string];
      return { id, stamp };
    });
    const known = new Map<string, Evaluation>();
    const missing: string[] = [];
    for (const row of stamps) {
      const cached = this.finished.get(row.id, row.stamp);
      if (cached) known.set(row.id, cached);
      else missing.push(row.id);
    }
    if (missing.length > 0) {
      const stampOf = new Map(stamps.map((row) => [row.id, row.stamp]));
      const rows = await this.dataSource.getRepository(EvaluationOrmEntity).findBy({ projectId, id: In(missing) });
      for (const row of rows) {
        const evaluation = evaluationMapper.toDomain(row);
        this.finished.remember(evaluation, stampOf.get(row.id)!);
        known.set(row.id, evaluation);
      }
    }
    const more = page.limit !== null && stamps.length > page.limit;
    const kept = more ? stamps.slice(0, page.limit!) : stamps;
    // A row deleted between the two queries is simply left out.
    const items = kept.flatMap((row) => known.get(row.id) ?? []);
    return { items, nextCursor: more ? await this.cursorAfter(kept[kept.length - 1]!.id) : null };
  }

  private async cursorAfter(id: string): Promise<string> {
    const [row]: Array<{ created_at: string; variant_name: string }> = await this.dataSource.query(EVALUATION_CURSOR_KEYS, [id]);
    return encodeCursor([row?.created_at ?? '-infinity', row?.variant_name ?? '', id]);
  }

  async list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<Evaluation[]> {
    if (filter.ids && filter.ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluationOrmEntity).find({
      where: { projectId, ...(filter.appId ? { appId: filter.appId } : {}), ...(filter.ids ? { id: In(filter.ids) } : {}) },
      order: { createdAt: 'ASC', variantName: 'ASC' },
    });
    return rows.map(evaluationMapper.toDomain);
  }

  async moveStatus(projectId: string, id: string, change: EvaluationStatusChange): Promise<boolean> {
    const aggregates = change.aggregates;
    const result = await this.dataSource.createQueryBuilder()
      .update(EvaluationOrmEntity)
      .set({
        status: change.to,
        updatedAt: new Date(),
        ...(change.error !== undefined ? { statusError: () => ':statusError::jsonb' } : {}),
        ...(aggregates ? {
          aggregatedResults: () => ':aggregatedResults::jsonb',
          averageCost: aggregates.averageCost,
          totalCost: aggregates.totalCost,
          averageLatency: aggregates.averageLatency,
        } : {}),
      })
      .where('id = :id AND project_id = :projectId AND status IN (:...from)', { id, projectId, from: evaluationStatuses.movableFrom(change.to) })
      .setParameters({ statusError: json(change.error), aggregatedResults: json(aggregates?.aggregatedResults ?? []) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async saveScenarios(scenarios: EvaluationScenario[], traces: TraceWithSpans[] = []): Promise<number> {
    const [first] = scenarios;
    if (!first) return 0;
    const records = scenarioRecords(scenarios);
    try {
      const [{ stored }]: Array<{ stored: number }> = await this.dataSource.query(
        SCENARIO_BATCH_INSERT, [first.evaluationId, first.projectId, JSON.stringify(records), traceInsertParameter(mergeTraces(traces))],
      );
      return stored;
    } catch (error) {
      // The evaluation was deleted while it ran: there is nothing to store it in, and the runner's next look at
      // the status (gone) stops it. (The same key refuses a row naming another project than its evaluation's.)
      // Any other failure is the run's.
      if (isForeignKeyViolation(error) && violatedConstraint(error) === 'evaluation_scenarios_evaluation_fkey') return 0;
      throw error;
    }
  }

  tallyScenarios(projectId: string, evaluationId: string, evaluatorConfigIds: string[]): Promise<ScenarioTally> {
    return tallyStoredScenarios(this.dataSource, projectId, evaluationId, evaluatorConfigIds);
  }

  listScenarios(projectId: string, evaluationId: string): Promise<EvaluationScenario[]> {
    return this.runs.listScenarios(projectId, evaluationId);
  }

  streamScenarioNumbers(projectId: string, evaluationId: string, evaluatorConfigIds: string[], chunkSize: number): AsyncIterable<ScenarioNumbers[]> {
    return streamStoredScenarioNumbers(this.dataSource, projectId, evaluationId, evaluatorConfigIds, chunkSize);
  }

  deleteMany(projectId: string, ids: string[]): Promise<number> {
    return this.runs.deleteMany(projectId, ids);
  }
}
