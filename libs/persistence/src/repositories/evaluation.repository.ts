import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  type Evaluation, type EvaluationScenario, type EvaluatorConfig, type ScenarioTally, type TraceWithSpans, DomainError, evaluationStatuses,
  progressCountsOf, UNFINISHED_RUN_STATUSES,
} from '@crucible/domain';
import {
  EvaluationRepository, EvaluatorConfigRepository, type EvaluationStatusChange, type Page, type PageRequest, type StreamedPage, mapPage, mapStreamedPage,
} from '@crucible/application';
import {
  EvaluationOrmEntity, EvaluationScenarioOrmEntity, EvaluatorConfigOrmEntity,
} from '../entities/evaluation.orm-entity';
import { evaluationMapper, evaluationScenarioMapper, evaluatorConfigMapper } from '../mappers/evaluation.mapper';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../data-source/database-errors';
import { topics } from '../data-source/change-notices';

/** The unique (project, app, name) constraint, told as the port promises: a conflict naming the name. */
async function nameMustBeFree(name: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `evaluator config "${name}" already exists`);
    throw error;
  }
}
import { FinishedEvaluationCache } from './finished-evaluation.cache';
import { UnchangedReads } from './unchanged-reads';
import { tallyStoredScenarios } from './scenario-tally.query';
import { mergeTraces, traceInsertCte, traceInsertParameter } from './trace-insert.sql';
import { BY_ROW, OLDEST_FIRST, decodeCursor, encodeCursor, keysetPage, sqlLimit, streamedKeysetPage } from './keyset';

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Listed pages kept whole while their project's evaluations do not change. */
const RECENT_PAGES = 16;

@Injectable()
export class TypeOrmEvaluatorConfigRepository extends EvaluatorConfigRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(config: EvaluatorConfig): Promise<void> {
    await nameMustBeFree(config.name, () => this.dataSource.getRepository(EvaluatorConfigOrmEntity)
      .insert(evaluatorConfigMapper.toOrm(config) as QueryDeepPartialEntity<EvaluatorConfigOrmEntity>));
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<EvaluatorConfig>> {
    const query = this.dataSource.getRepository(EvaluatorConfigOrmEntity).createQueryBuilder('c')
      .where('c.project_id = :projectId', { projectId });
    // An app's configs include the project-wide ones (no app).
    if (appId) query.andWhere('(c.app_id = :appId OR c.app_id IS NULL)', { appId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), evaluatorConfigMapper.toDomain);
  }

  async findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).findBy({ projectId, id: In(ids) });
    return rows.map(evaluatorConfigMapper.toDomain);
  }

  async update(config: EvaluatorConfig): Promise<void> {
    await nameMustBeFree(config.name, () => this.dataSource.getRepository(EvaluatorConfigOrmEntity).update(
      { id: config.id, projectId: config.projectId },
      { name: config.name, evaluatorKey: config.evaluatorKey, settingsValues: config.settingsValues, updatedAt: config.updatedAt } as QueryDeepPartialEntity<EvaluatorConfigOrmEntity>,
    ));
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).delete({ projectId, id });
    return (result.affected ?? 0) > 0;
  }

  async findUsingConnection(projectId: string, connectionId: string): Promise<EvaluatorConfig[]> {
    const rows = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).createQueryBuilder('c')
      .where('c.project_id = :projectId', { projectId })
      .andWhere("c.settings_values->>'connection_id' = :connectionId", { connectionId })
      .orderBy('c.created_at').getMany();
    return rows.map(evaluatorConfigMapper.toDomain);
  }
}

@Injectable()
export class TypeOrmEvaluationRepository extends EvaluationRepository {
  private readonly finished = new FinishedEvaluationCache();
  /** By project, app, limit and cursor: a page asked for again while nothing changed is the same object. */
  private readonly recentPages: UnchangedReads<Page<Evaluation>>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.recentPages = new UnchangedReads(dataSource, RECENT_PAGES);
  }

  async createMany(evaluations: Evaluation[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const evaluation of evaluations) {
        await manager.insert(EvaluationOrmEntity, evaluationMapper.toOrm(evaluation) as QueryDeepPartialEntity<EvaluationOrmEntity>);
      }
    });
  }

  async findById(projectId: string, id: string): Promise<Evaluation | null> {
    const row = await this.dataSource.getRepository(EvaluationOrmEntity).findOneBy({ projectId, id });
    return row ? evaluationMapper.toDomain(row) : null;
  }

  async statusOf(projectId: string, id: string): Promise<Evaluation['status'] | null> {
    // Asked before every batch's worth of rows: plain SQL, not the query builder.
    const [row]: Array<{ status: Evaluation['status'] }> = await this.dataSource.query(
      'SELECT status FROM evaluations WHERE project_id = $1 AND id = $2', [projectId, id],
    );
    return row?.status ?? null;
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
    // One row holding the page's ids and stamps, not a row per evaluation: on PGlite, decoding rows and
    // formatting timestamps cost more than the query. A stamp is `updated_at` in microseconds, exact.
    const order = 'ORDER BY created_at, variant_name, id';
    const [{ keys }]: Array<{ keys: string | null }> = await this.dataSource.query(
      `SELECT string_agg(id::text || ' ' || (date_part('epoch', updated_at) * 1000000)::bigint::text, ',' ${order}) AS keys
         FROM (SELECT id, updated_at, created_at, variant_name FROM evaluations WHERE ${where.join(' AND ')} ${order} ${sqlLimit(page)}) AS page`,
      parameters,
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

  /** Keys of the last row of a page; PostgreSQL's own text for the timestamp keeps its microseconds. */
  private async cursorAfter(id: string): Promise<string> {
    const [row]: Array<{ created_at: string; variant_name: string }> = await this.dataSource.query(
      'SELECT created_at::text AS created_at, variant_name FROM evaluations WHERE id = $1', [id],
    );
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
    const records = scenarios.map((s) => ({
      id: s.id, row_index: s.rowIndex, inputs: s.inputs, output: s.output, correct_answer: s.correctAnswer, results: s.results,
      latency: s.latency, cost: s.cost, error: s.error, trace_id: s.traceId, created_at: s.createdAt,
      ...progressCountsOf([s]),
    }));
    // One statement (one round trip, one commit): the rows' traces, the rows, and what the rows inserted add to the
    // progress. A row's trace is there once the row is.
    try {
      const [{ stored }]: Array<{ stored: number }> = await this.dataSource.query(
        `WITH ${traceInsertCte(2, 4)}, batch AS (
           SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(id uuid, row_index int, inputs jsonb, output jsonb,
             correct_answer jsonb, results jsonb, latency float8, cost float8, error jsonb, trace_id text, created_at timestamptz,
             "failedRows" int, "evaluatorErrors" int)
         ), inserted AS (
           INSERT INTO evaluation_scenarios
             (id, project_id, evaluation_id, row_index, inputs, output, correct_answer, results, latency, cost, error, trace_id, created_at)
           SELECT id, $2, $1, row_index, inputs, output, correct_answer, results, latency, cost, error, trace_id, created_at FROM batch
           ON CONFLICT (evaluation_id, row_index) DO NOTHING
           RETURNING row_index
         ), added AS (
           SELECT count(*)::int AS done, coalesce(sum("failedRows"), 0)::int AS failed, coalesce(sum("evaluatorErrors"), 0)::int AS errors
           FROM inserted JOIN batch USING (row_index)
         ), progressed AS (
           UPDATE evaluations SET progress_done = progress_done + added.done, progress_failed_rows = progress_failed_rows + added.failed,
                  progress_evaluator_errors = progress_evaluator_errors + added.errors, updated_at = now()
             FROM added WHERE id = $1 AND project_id = $2 AND added.done > 0
         )
         SELECT done AS stored FROM added`,
        [first.evaluationId, first.projectId, JSON.stringify(records), traceInsertParameter(mergeTraces(traces))],
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
    return this.listScenariosOf(projectId, [evaluationId]);
  }

  async listScenariosOf(projectId: string, evaluationIds: string[]): Promise<EvaluationScenario[]> {
    if (evaluationIds.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluationScenarioOrmEntity).find({
      where: { projectId, evaluationId: In(evaluationIds) },
      order: { rowIndex: 'ASC' },
    });
    return rows.map(evaluationScenarioMapper.toDomain);
  }

  async streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<EvaluationScenario>> {
    const scoped = () => this.dataSource.getRepository(EvaluationScenarioOrmEntity).createQueryBuilder('s')
      .where('s.project_id = :projectId AND s.evaluation_id = :evaluationId', { projectId, evaluationId });
    return mapStreamedPage(await streamedKeysetPage(scoped, BY_ROW, page, chunkSize), evaluationScenarioMapper.toDomain);
  }

  async storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]> {
    const rows: Array<{ row_index: number }> = await this.dataSource.query(
      'SELECT row_index FROM evaluation_scenarios WHERE project_id = $1 AND evaluation_id = $2',
      [projectId, evaluationId],
    );
    return rows.map((r) => r.row_index);
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.dataSource.getRepository(EvaluationOrmEntity).delete({ projectId, id: In(ids) });
    return result.affected ?? 0;
  }

  async listUnfinished(): Promise<Array<{ id: string; projectId: string }>> {
    const rows = await this.dataSource.getRepository(EvaluationOrmEntity).find({
      select: { id: true, projectId: true },
      where: { status: In([...UNFINISHED_RUN_STATUSES]) },
      order: { createdAt: 'ASC' },
    });
    return rows.map((r) => ({ id: r.id, projectId: r.projectId }));
  }
}
