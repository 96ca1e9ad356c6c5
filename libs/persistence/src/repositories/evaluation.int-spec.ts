import { randomUUID } from 'node:crypto';
import {
  type Evaluation, type EvaluationScenario, type Result, type TraceWithSpans, aggregateEvaluation, aggregateTallies, errorResult, tallyScenarios,
} from '@crucible/domain';
import { type Page, everything } from '@crucible/application';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { countQueries, runElsewhere } from '../testing/query-probes';
import { TypeOrmEvaluationRepository } from './evaluation.repository';
import { changeNoticesOf, topics } from '../data-source/change-notices';

describe.each<TestEngine>(['postgres', 'pglite'])('evaluation repository on %s', (engine) => {
  let database: TestDatabase;
  let repository: TypeOrmEvaluationRepository;
  const appId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repository = new TypeOrmEvaluationRepository(database.dataSource);
    await database.dataSource.query('INSERT INTO apps (id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [appId, database.actor.projectId, 'listing']);
  });
  afterAll(() => database?.close());

  const evaluation = (): Evaluation => {
    const now = new Date();
    return {
      id: randomUUID(), projectId: database.actor.projectId, appId, variantId: randomUUID(), variantName: 'v',
      variantRevisionId: randomUUID(), revision: 1, parameters: {}, invocationUrl: 'http://127.0.0.1:9/playground/run',
      testsetId: randomUUID(), testsetName: 't', testsetVersion: 1, correctAnswerColumn: null,
      evaluatorConfigs: [{ id: randomUUID(), projectId: database.actor.projectId, appId, name: 'exact', evaluatorKey: 'auto_exact_match', settingsValues: {}, createdAt: now, updatedAt: now }],
      rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 }, repetitions: 1,
      source: 'api', status: 'EVALUATION_INITIALIZED', statusError: null, progressDone: 0, progressTotal: 1, progressFailedRows: 0, progressEvaluatorErrors: 0, aggregatedResults: [],
      averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
    };
  };

  it('lists evaluations (seed op 1) in the same number of queries for 1 and for 40 evaluations', async () => {
    await repository.createMany([evaluation()]);
    const list = () => repository.listPage(database.actor.projectId, { appId }, everything);
    const forOne = await countQueries(database.dataSource, list);
    await repository.createMany(Array.from({ length: 39 }, evaluation));
    const forForty = await countQueries(database.dataSource, list);
    expect((await list()).items).toHaveLength(40);
    expect(forForty).toBe(forOne);
    expect(forOne).toBe(2);
    expect((await repository.listPage(database.otherActor.projectId, { appId }, everything)).items).toEqual([]);
    expect(await repository.list(database.actor.projectId, { appId })).toHaveLength(40);
  });

  it('pages by keyset: every evaluation once, in the order of the whole list, then no cursor', async () => {
    const { projectId } = database.actor;
    const all = (await repository.listPage(projectId, { appId }, everything)).items.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<Evaluation> = await repository.listPage(projectId, { appId }, { limit: 15, cursor });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 15));
    await expect(repository.listPage(projectId, { appId }, { limit: 5, cursor: 'not-a-cursor' }))
      .rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('answers a listing again without reading it while nothing changed, and reads it again after any change, whoever made it', async () => {
    const finishedAppId = randomUUID();
    await database.dataSource.query('INSERT INTO apps (id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [finishedAppId, database.actor.projectId, 'finished']);
    const created = { ...evaluation(), appId: finishedAppId };
    await repository.createMany([created]);
    const { projectId } = database.actor;
    await repository.moveStatus(projectId, created.id, { to: 'EVALUATION_STARTED' });
    await repository.moveStatus(projectId, created.id, { to: 'EVALUATION_FINISHED' });
    const find = async () => (await repository.listPage(projectId, { appId: finishedAppId }, everything)).items[0]!;
    const first = await find();
    expect(first.status).toBe('EVALUATION_FINISHED');
    expect(await countQueries(database.dataSource, find)).toBe(0);
    expect(await find()).toBe(first);
    // Another project's change leaves the listing alone; a change on another connection (another process, on
    // PostgreSQL) is seen by the very next listing.
    await runElsewhere(database.dataSource, 'UPDATE evaluations SET updated_at = now() WHERE project_id = $1', [database.otherActor.projectId]);
    expect(await countQueries(database.dataSource, find)).toBe(0);
    for (let round = 0; round < 20; round += 1) {
      await runElsewhere(database.dataSource, 'UPDATE evaluations SET testset_name = $2, updated_at = now() WHERE id = $1', [created.id, `renamed ${round}`]);
      expect((await find()).testsetName).toBe(`renamed ${round}`);
    }
    await runElsewhere(database.dataSource, 'DELETE FROM evaluations WHERE id = $1', [created.id]);
    expect((await repository.listPage(projectId, { appId: finishedAppId }, everything)).items).toEqual([]);
    const other = await repository.listPage(database.otherActor.projectId, {}, everything);
    expect(other.items.some((e) => e.id === created.id)).toBe(false);
  });

  if (engine === 'postgres') {
    it('reads every listing while the listener is disconnected, and vouches again once it listens again', async () => {
      const { projectId } = database.actor;
      const list = () => repository.listPage(projectId, { appId }, everything);
      const listed = await list();
      const changes = changeNoticesOf(database.dataSource)!;
      const before = await changes.stampOf(topics.evaluationsOf(projectId));
      await runElsewhere(database.dataSource, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query IN ('LISTEN changes', 'SELECT 1')`, []);
      expect(await changes.stampOf(topics.evaluationsOf(projectId))).toBeNull();
      await runElsewhere(database.dataSource, 'UPDATE evaluations SET testset_name = $2, updated_at = now() WHERE id = $1', [listed.items[0]!.id, 'while deaf']);
      expect((await list()).items[0]!.testsetName).toBe('while deaf');
      let after: string | null = null;
      for (let wait = 0; after === null && wait < 50; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await changes.stampOf(topics.evaluationsOf(projectId));
      }
      expect(after).not.toBeNull();
      expect(after).not.toBe(before);
      expect(await countQueries(database.dataSource, list)).toBe(2);
      expect(await countQueries(database.dataSource, list)).toBe(0);
    });
  }

  it('tallies repetitions in SQL as the domain does: each row the mean of its repetitions, then the rows', async () => {
    const created = { ...evaluation(), repetitions: 3 };
    await repository.createMany([created]);
    const [a, b] = [randomUUID(), randomUUID()];
    // 4 rows × 3 repetitions; the repetitions disagree, one failed, one errored, row 3 errored on every repetition of b.
    const scenarios: EvaluationScenario[] = Array.from({ length: 12 }, (_, i) => ({
      id: randomUUID(), projectId: created.projectId, evaluationId: created.id, rowIndex: Math.floor(i / 3), repetition: (i % 3) + 1,
      inputs: { i }, output: `o${i}`, correctAnswer: null, traceId: null, latency: i / 10, cost: i % 4 === 0 ? null : i / 1000,
      error: i === 4 ? { message: `repetition ${i} failed` } : null,
      results: [
        { evaluatorConfigId: a, result: { type: 'bool', value: i % 2 === 0 } },
        { evaluatorConfigId: b, result: i === 1 || i >= 9 ? errorResult(`bad ${i}`) : { type: 'number', value: i * 0.25 } },
      ],
      createdAt: new Date(),
    }));
    await repository.saveScenarios(scenarios.slice(7));
    await repository.saveScenarios(scenarios.slice(0, 7));
    const ids = [a, b];
    const stored = await repository.tallyScenarios(created.projectId, created.id, ids);
    const expected = tallyScenarios(ids, scenarios);
    const close = (value: number, wanted: number) => expect(value).toBeCloseTo(wanted, 12);
    expect({ ...stored, costSum: 0, costTotal: 0, latencySum: 0, evaluators: stored.evaluators.map((e) => ({ ...e, numericSum: 0 })) })
      .toEqual({ ...expected, costSum: 0, costTotal: 0, latencySum: 0, evaluators: expected.evaluators.map((e) => ({ ...e, numericSum: 0 })) });
    close(stored.costSum, expected.costSum);
    close(stored.costTotal, expected.costTotal);
    close(stored.latencySum, expected.latencySum);
    stored.evaluators.forEach((e, i) => close(e.numericSum, expected.evaluators[i]!.numericSum));
    // Row means of a: rows 0 and 2 hold (1, 0, 1) → 2/3, rows 1 and 3 (0, 1, 0) → 1/3; of b: rows 0–2 only.
    expect(stored.evaluators[0]).toMatchObject({ numericCount: 4, total: 12, errors: 0 });
    close(stored.evaluators[0]!.numericSum, 2);
    expect(stored.evaluators[1]).toMatchObject({ numericCount: 3, errors: 4, firstError: 'bad 1' });
    close(stored.evaluators[1]!.numericSum, (0 + 0.5) / 2 + (0.75 + 1 + 1.25) / 3 + (1.5 + 1.75 + 2) / 3);
    const [aggregated] = aggregateTallies(ids, stored).aggregatedResults;
    close(aggregated!.result.value as number, 0.5);
    expect(await repository.storedRowRuns(created.projectId, created.id)).toEqual(expect.arrayContaining([{ rowIndex: 3, repetition: 3 }]));
    // The same row's repetition stored again adds nothing.
    await repository.saveScenarios([{ ...scenarios[5]!, id: randomUUID() }]);
    expect(await repository.findById(created.projectId, created.id)).toMatchObject({ progressDone: 12, repetitions: 3 });
  });

  it('tallies stored scenarios in SQL exactly as the domain aggregates them in memory', async () => {
    const created = evaluation();
    await repository.createMany([created]);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const scenarios: EvaluationScenario[] = Array.from({ length: 9 }, (_, rowIndex) => ({
      id: randomUUID(), projectId: created.projectId, evaluationId: created.id, rowIndex, repetition: 1, inputs: { n: rowIndex }, output: `o${rowIndex}`,
      correctAnswer: null, traceId: null, latency: rowIndex / 10, cost: rowIndex % 3 === 0 ? null : rowIndex / 1000,
      error: rowIndex === 4 ? { message: `row ${rowIndex} failed` } : null,
      results: [
        { evaluatorConfigId: a, result: rowIndex % 2 ? { type: 'bool', value: true } : { type: 'bool', value: false } },
        { evaluatorConfigId: b, result: rowIndex % 4 === 1 ? errorResult(`bad ${rowIndex}`) : { type: 'number', value: rowIndex * 0.5 } },
        ...(rowIndex === 7 ? [] : [{ evaluatorConfigId: c, result: { type: 'text', value: 'not a number' } as Result }]),
      ],
      createdAt: new Date(),
    }));
    await repository.saveScenarios(scenarios.slice(5));
    await repository.saveScenarios(scenarios.slice(0, 5));
    const ids = [a, b, c];
    const stored = await repository.tallyScenarios(created.projectId, created.id, ids);
    const expected = tallyScenarios(ids, scenarios);
    expect({ ...stored, costSum: 0, latencySum: 0, evaluators: stored.evaluators.map((e) => ({ ...e, numericSum: 0 })) })
      .toEqual({ ...expected, costSum: 0, latencySum: 0, evaluators: expected.evaluators.map((e) => ({ ...e, numericSum: 0 })) });
    expect(stored.costSum).toBeCloseTo(expected.costSum, 12);
    expect(stored.latencySum).toBeCloseTo(expected.latencySum, 12);
    stored.evaluators.forEach((e, i) => expect(e.numericSum).toBeCloseTo(expected.evaluators[i]!.numericSum, 12));
    expect(() => aggregateTallies(ids, stored)).toThrow('cannot aggregate a text result ("not a number")');
    expect(aggregateTallies([a, b], stored).aggregatedResults).toEqual(aggregateEvaluation([a, b], scenarios).aggregatedResults);
    expect(await repository.tallyScenarios(database.otherActor.projectId, created.id, ids)).toMatchObject({ rows: 0 });
    // The progress counts kept as rows are stored agree with the tally, and a batch stored again adds nothing.
    await repository.saveScenarios(scenarios.slice(3, 6).map((scenario) => ({ ...scenario, id: randomUUID() })));
    expect(await repository.findById(created.projectId, created.id)).toMatchObject({
      progressDone: 9, progressFailedRows: stored.failedRows, progressEvaluatorErrors: stored.evaluatorErrors,
    });
    expect(stored).toMatchObject({ failedRows: 1, evaluatorErrors: 2 });
  });

  it('stores a batch with its traces once, and nothing (without failing) for an evaluation deleted while it ran', async () => {
    const created = evaluation();
    await repository.createMany([created]);
    const started = new Date();
    const traced = (rowIndex: number): { scenario: EvaluationScenario; trace: TraceWithSpans } => {
      const traceId = randomUUID();
      const span = {
        traceId, spanId: `${traceId}-root`, parentSpanId: null, name: 'generate', kind: 'workflow', status: 'ok' as const,
        startTime: started, endTime: started, latencyMs: 1, inputs: { n: rowIndex }, outputs: `o${rowIndex}`, error: null,
        model: null, tokens: null, cost: null, costSource: null, attributes: null,
      };
      return {
        scenario: {
          id: randomUUID(), projectId: created.projectId, evaluationId: created.id, rowIndex, repetition: 1, inputs: { n: rowIndex }, output: `o${rowIndex}`,
          correctAnswer: null, traceId, latency: 0.001, cost: null, error: null, results: [], createdAt: started,
        },
        trace: {
          trace: {
            traceId, projectId: created.projectId, source: 'sdk', name: 'generate', appId, variantId: created.variantId,
            variantRevisionId: created.variantRevisionId, environment: null, route: null, sessionId: null, userId: null, status: 'ok', startTime: started,
            endTime: started, latencyMs: 1, cost: 0, costSource: null, tokens: { prompt: 0, completion: 0, total: 0 }, model: null,
            inputs: { n: rowIndex }, output: `o${rowIndex}`, error: null, spanCount: 1,
          },
          spans: [span],
        },
      };
    };
    const rows = [traced(0), traced(1)];
    const traceCount = async () => (await database.dataSource.query(
      'SELECT count(*)::int AS n FROM traces WHERE project_id = $1 AND trace_id = ANY($2::text[])',
      [created.projectId, rows.map((row) => row.trace.trace.traceId)],
    ))[0].n;

    expect(await repository.saveScenarios(rows.map((row) => row.scenario), rows.map((row) => row.trace))).toBe(2);
    expect(await traceCount()).toBe(2);
    expect(await repository.saveScenarios(rows.map((row) => row.scenario), rows.map((row) => row.trace))).toBe(0);
    expect(await repository.findById(created.projectId, created.id)).toMatchObject({ progressDone: 2 });

    await database.dataSource.query('DELETE FROM evaluations WHERE id = $1', [created.id]);
    const late = traced(2);
    expect(await repository.saveScenarios([late.scenario], [late.trace])).toBe(0);
    // The statement is one: the late row's trace was not kept either.
    expect((await database.dataSource.query('SELECT count(*)::int AS n FROM traces WHERE trace_id = $1', [late.trace.trace.traceId]))[0].n).toBe(0);
  });

  it("keeps an evaluation's rows in its project: a row naming another project is not stored", async () => {
    const created = evaluation();
    await repository.createMany([created]);
    const elsewhere: EvaluationScenario = {
      id: randomUUID(), projectId: database.otherActor.projectId, evaluationId: created.id, rowIndex: 0, repetition: 1, inputs: {}, output: 'o',
      correctAnswer: null, traceId: null, latency: 0.001, cost: null, error: null, results: [], createdAt: new Date(),
    };
    expect(await repository.saveScenarios([elsewhere])).toBe(0);
    expect((await database.dataSource.query('SELECT count(*)::int AS n FROM evaluation_scenarios WHERE evaluation_id = $1', [created.id]))[0].n).toBe(0);
  });

  it('moves a status only along the machine, so a cancelled evaluation is never overwritten', async () => {
    const [created] = [evaluation()];
    await repository.createMany([created!]);
    const { projectId } = database.actor;
    expect(await repository.moveStatus(projectId, created!.id, { to: 'EVALUATION_STARTED' })).toBe(true);
    expect(await repository.moveStatus(projectId, created!.id, { to: 'EVALUATION_CANCELLED' })).toBe(true);
    expect(await repository.moveStatus(projectId, created!.id, { to: 'EVALUATION_FINISHED' })).toBe(false);
    expect(await repository.moveStatus(database.otherActor.projectId, created!.id, { to: 'EVALUATION_CANCELLED' })).toBe(false);
    expect((await repository.findById(projectId, created!.id))!.status).toBe('EVALUATION_CANCELLED');
  });
});
