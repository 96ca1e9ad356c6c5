import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Actor, Evaluation, EvaluationScenario, EvaluatorConfig, HumanEvaluation, HumanEvaluationScenario } from '@crucible/domain';
import {
  CreateAppUseCase, CreateTestsetUseCase, CreateVariantFromServiceUseCase, GetAppUseCase, GetVariantUseCase, type Page,
  type PageRequest, ServiceDescriber, type StreamedPage, UpdateVariantParametersUseCase, encodeCursor, everything, issueApiKey,
} from '@crucible/application';
import { HostListOutboundGuard, InMemoryPrompts } from '@crucible/application/testing';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmApiKeyRepository } from './api-key.repository';
import { TypeOrmAppRepository } from './app.repository';
import { TypeOrmEnvironmentRepository } from './environment.repository';
import { TypeOrmEvaluationRepository } from './evaluation.repository';
import { TypeOrmEvaluatorConfigRepository } from './evaluator-config.repository';
import { TypeOrmHumanEvaluationRepository } from './human-evaluation.repository';
import { TypeOrmTestsetRepository } from './testset.repository';
import { TypeOrmVariantRepository } from './variant.repository';

class NoRoutesDescriber extends ServiceDescriber {
  async describe() {
    return [];
  }
}

/** Every page of a list, `limit` at a time, following the cursors to the end. */
async function walk<T>(list: (page: PageRequest) => Promise<Page<T>>, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({ limit, cursor });
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

/** Every page of a streamed list, each as the chunks it arrived in. */
async function walkStreamed<T>(list: (page: PageRequest) => Promise<StreamedPage<T>>, limit: number): Promise<T[][][]> {
  const pages: T[][][] = [];
  let cursor: string | null = null;
  do {
    const page: StreamedPage<T> = await list({ limit, cursor });
    const chunks: T[][] = [];
    for await (const chunk of page.chunks) chunks.push(chunk);
    pages.push(chunks);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

const notACursor = { code: 'invalid_input', violations: [{ field: ['cursor'], reason: 'not a cursor this list issued', rule: 'invalid_value' }] };

describe.each<TestEngine>(['postgres', 'pglite'])('keyset paging of every list on %s', (engine) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let actor: Actor;
  let apps: TypeOrmAppRepository;
  let appIds: string[];
  const ids = async (sql: string, parameters: unknown[]) =>
    (await dataSource.query<Array<{ id: string }>>(sql, parameters)).map((row) => row.id);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    dataSource = database.dataSource;
    actor = database.actor;
    apps = new TypeOrmAppRepository(dataSource);
    const createApp = new CreateAppUseCase(apps);
    appIds = [];
    for (let i = 0; i < 12; i += 1) appIds.push((await createApp.execute(actor, { appName: `app-${i}` })).id);
    // Ties within a microsecond and microseconds a JavaScript Date cannot hold: the order is still total.
    await dataSource.query(
      `UPDATE apps SET created_at = '2030-01-01T00:00:00.000001Z'::timestamptz + (row_index % 3) * interval '1 microsecond'
         FROM (SELECT id AS app_id, row_number() OVER (ORDER BY name) AS row_index FROM apps) AS numbered
        WHERE apps.id = numbered.app_id AND apps.project_id = $1`,
      [actor.projectId],
    );
  });
  afterAll(() => database?.close());

  it('pages apps by (created_at, id): every app once, in order, microseconds kept', async () => {
    const expected = await ids('SELECT id FROM apps WHERE project_id = $1 ORDER BY created_at, id', [actor.projectId]);
    expect(expected).toHaveLength(12);
    const pages = await walk((page) => apps.list(actor.projectId, page), 5);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    expect(pages.flat().map((app) => app.id)).toEqual(expected);
    expect((await apps.list(actor.projectId, everything)).items.map((app) => app.id)).toEqual(expected);
    expect(await apps.list(database.otherActor.projectId, everything)).toEqual({ items: [], nextCursor: null });
    // A page that ends exactly at the end says so.
    expect((await apps.list(actor.projectId, { limit: 12, cursor: null })).nextCursor).toBeNull();
  });

  it('refuses, as invalid input, a cursor it did not issue, before it reaches the database', async () => {
    const [first] = (await apps.list(actor.projectId, { limit: 1, cursor: null })).items;
    for (const cursor of [
      'garbage', encodeCursor([]), encodeCursor(['2030-01-01 00:00:00+00']), encodeCursor(['yesterday', randomUUID()]),
      encodeCursor(['2030-01-01 00:00:00+00', 'not-a-uuid']), encodeCursor(['2030-01-01 00:00:00+00', first!.id, 'extra']),
    ]) {
      await expect(apps.list(actor.projectId, { limit: 2, cursor })).rejects.toMatchObject(notACursor);
    }
  });

  it('pages environments (created together, so by name), API keys and variant revisions', async () => {
    const environments = new TypeOrmEnvironmentRepository(dataSource);
    const listed = await walk((page) => environments.list(actor.projectId, appIds[0]!, page), 2);
    const names = listed.flat().map((e) => e.name);
    expect(names).toEqual([...names].sort());
    expect(names.length).toBeGreaterThan(1);
    expect((await environments.list(database.otherActor.projectId, appIds[0]!, everything)).items).toEqual([]);

    const keys = new TypeOrmApiKeyRepository(dataSource);
    for (let i = 0; i < 4; i += 1) await keys.create(issueApiKey(actor.projectId, `key-${i}`, 'editor').key);
    const keyIds = await ids('SELECT id FROM api_keys WHERE project_id = $1 ORDER BY created_at, id', [actor.projectId]);
    expect((await walk((page) => keys.list(actor.projectId, page), 2)).flat().map((k) => k.id)).toEqual(keyIds);

    const variants = new TypeOrmVariantRepository(dataSource);
    const getApp = new GetAppUseCase(apps);
    const view = await new CreateVariantFromServiceUseCase(
      variants, getApp, new NoRoutesDescriber(), new HostListOutboundGuard(['127.0.0.1']), new InMemoryPrompts().parameters,
    ).execute(actor, { appId: appIds[0]!, variantName: 'main', url: 'http://127.0.0.1:9/', parameters: { temperature: 0 } });
    const update = new UpdateVariantParametersUseCase(variants, new GetVariantUseCase(variants), new InMemoryPrompts().parameters);
    for (let i = 1; i <= 6; i += 1) await update.execute(actor, { variantId: view.variant.id, parameters: { temperature: i / 10 } });
    const revisions = await walk((page) => variants.listRevisions(actor.projectId, view.variant.id, page), 3);
    expect(revisions.map((page) => page.map((r) => r.revision))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect((await walk((page) => variants.listViews(actor.projectId, appIds[0]!, page), 1)).flat().map((v) => v.variant.id))
      .toEqual([view.variant.id]);
    expect((await variants.listRevisions(database.otherActor.projectId, view.variant.id, everything)).items).toEqual([]);
  });

  it('pages test sets (counted rows, by created_at then name) and evaluator configs (an app\'s include the project-wide)', async () => {
    const testsets = new TypeOrmTestsetRepository(dataSource);
    const create = new CreateTestsetUseCase(testsets, new GetAppUseCase(apps));
    for (let i = 0; i < 5; i += 1) await create.execute(actor, { name: `set-${i}`, rows: [{ q: String(i) }, { q: 'x' }], appId: i % 2 ? appIds[1] : undefined });
    const all = await walk((page) => testsets.list(actor.projectId, undefined, page), 2);
    expect(all.flat().map((t) => t.id)).toEqual(await ids('SELECT id FROM testsets WHERE project_id = $1 ORDER BY created_at, name', [actor.projectId]));
    expect(all.flat().every((t) => t.rowsCount === 2 && !('keyset_0' in t))).toBe(true);
    expect((await walk((page) => testsets.list(actor.projectId, appIds[1], page), 1)).flat().map((t) => t.name)).toEqual(['set-1', 'set-3']);

    const configs = new TypeOrmEvaluatorConfigRepository(dataSource);
    // A second apart: configs made within one millisecond would tie on created_at and fall back to their random ids.
    const config = (name: string, appId: string | null, second: number): EvaluatorConfig => ({
      id: randomUUID(), projectId: actor.projectId, appId, name, evaluatorKey: 'auto_exact_match', settingsValues: {},
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)), updatedAt: new Date(),
    });
    const made = [['a', appIds[2]!], ['b', null], ['c', appIds[3]!], ['d', appIds[2]!]] as const;
    for (const [second, [name, appId]] of made.entries()) await configs.create(config(name, appId, second));
    expect((await walk((page) => configs.list(actor.projectId, appIds[2], page), 1)).flat().map((c) => c.name)).toEqual(['a', 'b', 'd']);
    expect((await walk((page) => configs.list(actor.projectId, undefined, page), 3)).flat().map((c) => c.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('streams a page of evaluation scenarios chunk by chunk, never past the page, then the next page from its cursor', async () => {
    const repository = new TypeOrmEvaluationRepository(dataSource);
    const evaluation = evaluationOf(actor, appIds[4]!);
    await repository.createMany([evaluation]);
    const scenarios = Array.from({ length: 1234 }, (_, rowIndex): EvaluationScenario => ({
      id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation.id, rowIndex, repetition: 1, inputs: { q: rowIndex }, output: `answer ${rowIndex}`,
      correctAnswer: null, results: [], latency: 0.1, cost: 0.001, error: null, traceId: null, createdAt: new Date(),
    }));
    // Stored out of order, as concurrent batches store them.
    await repository.saveScenarios(scenarios.slice(600));
    await repository.saveScenarios(scenarios.slice(0, 600));

    const stream = (page: PageRequest) => repository.streamScenarios(actor.projectId, evaluation.id, page, 100);
    const pages = await walkStreamed(stream, 500);
    expect(pages.map((page) => page.flat().length)).toEqual([500, 500, 234]);
    expect(pages.flat().every((chunk) => chunk.length > 0 && chunk.length <= 100)).toBe(true);
    expect(pages.flat(2).map((s) => s.rowIndex)).toEqual(scenarios.map((s) => s.rowIndex));
    expect(pages.flat(2)[7]).toMatchObject({ id: scenarios[7]!.id, output: 'answer 7', inputs: { q: 7 } });

    const whole = await stream(everything);
    expect(whole.nextCursor).toBeNull();
    const chunks: EvaluationScenario[][] = [];
    for await (const chunk of whole.chunks) chunks.push(chunk);
    expect(chunks).toHaveLength(13);
    expect(chunks.flat().map((s) => s.id)).toEqual(scenarios.map((s) => s.id));

    const other = await repository.streamScenarios(database.otherActor.projectId, evaluation.id, { limit: 10, cursor: null }, 100);
    expect(other.nextCursor).toBeNull();
    for await (const chunk of other.chunks) expect(chunk).toEqual([]);
    await expect(stream({ limit: 10, cursor: encodeCursor(['not a row']) })).rejects.toMatchObject(notACursor);
    await expect(stream({ limit: null, cursor: encodeCursor(['99999999999']) })).rejects.toMatchObject(notACursor);
  });

  it('pages human evaluations and streams their scenarios', async () => {
    const repository = new TypeOrmHumanEvaluationRepository(dataSource);
    const testsetId = (await new CreateTestsetUseCase(new TypeOrmTestsetRepository(dataSource), new GetAppUseCase(apps))
      .execute(actor, { name: 'judged', rows: [{ input: 'a' }] })).id;
    const evaluations = Array.from({ length: 5 }, () => humanEvaluationOf(actor, appIds[5]!, testsetId));
    for (const evaluation of evaluations) await repository.create(evaluation);
    const expected = await ids('SELECT id FROM human_evaluations WHERE project_id = $1 ORDER BY created_at, id', [actor.projectId]);
    expect((await walk((page) => repository.listPage(actor.projectId, { appId: appIds[5] }, page), 2)).flat().map((e) => e.id)).toEqual(expected);
    expect((await repository.listPage(database.otherActor.projectId, {}, everything)).items).toEqual([]);

    const [evaluation] = evaluations;
    for (let rowIndex = 6; rowIndex >= 0; rowIndex -= 1) {
      await repository.saveScenario({
        id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation!.id, rowIndex, inputs: [{ name: 'input', value: String(rowIndex) }],
        outputs: [], vote: null, score: null, metricScores: {}, correctAnswer: null, isPinned: false, note: null, modifiedBy: null, modifiedById: null, createdAt: new Date(), updatedAt: new Date(),
      } satisfies HumanEvaluationScenario);
    }
    const pages = await walkStreamed((page) => repository.streamScenarios(actor.projectId, evaluation!.id, page, 2), 3);
    expect(pages.map((page) => page.map((chunk) => chunk.map((s) => s.rowIndex)))).toEqual([[[0, 1], [2]], [[3, 4], [5]], [[6]]]);
  });
});

function evaluationOf(actor: Actor, appId: string): Evaluation {
  const now = new Date();
  return {
    id: randomUUID(), projectId: actor.projectId, appId, variantId: randomUUID(), variantName: 'v',
    variantRevisionId: randomUUID(), revision: 1, parameters: {}, invocationUrl: 'http://127.0.0.1:9/playground/run',
    testsetId: randomUUID(), testsetName: 't', testsetVersion: 1, correctAnswerColumn: null, evaluatorConfigs: [],
    rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 }, repetitions: 1,
    source: 'api', status: 'EVALUATION_INITIALIZED', statusError: null, progressDone: 0, progressTotal: 1234, progressFailedRows: 0,
    progressEvaluatorErrors: 0, aggregatedResults: [],
    averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
  };
}

function humanEvaluationOf(actor: Actor, appId: string, testsetId: string): HumanEvaluation {
  return {
    id: randomUUID(), projectId: actor.projectId, appId, evaluationType: 'single_model_test', metrics: [],
    variants: [{
      variantId: randomUUID(), variantName: 'one', variantRevisionId: randomUUID(), revision: 1, parameters: {},
      invocationUrl: 'http://svc/playground/run',
    }],
    testsetId, testsetName: 'judged', testsetVersion: 1, inputColumns: ['input'], correctAnswerColumn: null, status: 'EVALUATION_INITIALIZED',
    statusError: null, progressDone: 0, progressTotal: 1, createdAt: new Date(), updatedAt: new Date(),
  };
}
