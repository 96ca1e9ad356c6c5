import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { redisConnection } from '@crucible/queue';
import { createTestPostgres, type TestPostgres } from '@crucible/persistence';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { EXACT_TEMPLATE, type ExampleStack, capitalRows, startCompletionExample } from './support/example-service';
import { createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { type GatedTcpProxy, startGatedTcpProxy } from './support/gated-proxy';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';
import { waitFor } from './support/wait-for';

const REDIS = new URL(process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const DATABASE_OUTAGE_MS = 45_000;

/**
 * ARCHITECTURE §13 in the distributed deployment: PostgreSQL and Redis each sit behind a TCP proxy that the suite
 * shuts (dropping every connection, as a restart does) and opens again. The machine's services are never touched.
 */
describe('jobs that are never stranded (PostgreSQL, Redis, a separate runner, outages through TCP proxies)', () => {
  const queueName = `crucible-e2e-${randomBytes(4).toString('hex')}`;
  let postgres: TestPostgres;
  let databaseProxy: GatedTcpProxy;
  let redisProxy: GatedTcpProxy;
  let proxiedDatabaseUrl: string;
  let proxiedRedisUrl: string;
  let server: RunningApi;
  let api: CrucibleClient;
  let runner: RunnerProcess;
  let example: ExampleStack;
  let setup: { appId: string; revisionId: string; configIds: string[] };

  beforeAll(async () => {
    postgres = await createTestPostgres();
    databaseProxy = await startGatedTcpProxy(Number(new URL(postgres.url).port || 5432));
    redisProxy = await startGatedTcpProxy(Number(REDIS.port || 6379), REDIS.hostname);
    const databaseUrl = new URL(postgres.url);
    databaseUrl.port = String(databaseProxy.port);
    proxiedDatabaseUrl = databaseUrl.toString();
    const redisUrl = new URL(REDIS.toString());
    redisUrl.port = String(redisProxy.port);
    proxiedRedisUrl = redisUrl.toString();

    server = await startApi('postgres', {
      postgres: { url: proxiedDatabaseUrl, drop: () => Promise.resolve() },
      queue: { kind: 'bullmq', redisUrl: proxiedRedisUrl, queueName, concurrency: 1, lockDurationMs: 3000 },
      outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 },
    });
    api = server.api;
    runner = await startRunnerProcess({ databaseUrl: proxiedDatabaseUrl, redisUrl: proxiedRedisUrl, queueName, lockDurationMs: 3000 });
    example = await startCompletionExample({ latencyMs: 40 });
    const registered = await registerServiceWithTwoRevisions(api, {
      appName: 'outages', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: EXACT_TEMPLATE,
    });
    const configs = await createEvaluatorConfigs(api, registered.app.app_id);
    setup = { appId: registered.app.app_id, revisionId: registered.revisionIds[0]!, configIds: configs.map((c) => c.id) };
  }, 120_000);

  afterAll(async () => {
    redisProxy?.open();
    databaseProxy?.open();
    await runner?.stop();
    await server?.close();
    await example?.close();
    await redisProxy?.close();
    await databaseProxy?.close();
    const queue = new Queue(queueName, { connection: redisConnection(REDIS.toString()) });
    await queue.obliterate({ force: true });
    await queue.close();
    await postgres?.drop();
  }, 60_000);

  const evaluationBody = async (rows: number, batchSize: number): Promise<CrucibleSchemas['CreateEvaluationDto']> => {
    const testset = await ok(api.POST('/testsets', { body: { name: `rows-${randomUUID()}`, csvdata: capitalRows(rows) } }));
    return {
      app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: setup.configIds, testset_id: testset.id,
      rate_limit: { batch_size: batchSize, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
    };
  };

  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });
  const progress = async (id: string) => (await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)))).progress.done;
  const evaluate = async (body: CrucibleSchemas['CreateEvaluationDto']) => (await ok(api.POST('/evaluations', { body })))[0]!.id;

  /** Read straight from PostgreSQL (not through the proxy): each test-set row stored exactly once. */
  const expectEachRowOnce = async (evaluationId: string, rows: number) => {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows: [counts] } = await db.query(
        'SELECT count(*)::int AS stored, count(DISTINCT row_index)::int AS distinct_rows FROM evaluation_scenarios WHERE evaluation_id = $1',
        [evaluationId],
      );
      expect(counts).toEqual({ stored: rows, distinct_rows: rows });
    } finally {
      await db.end();
    }
  };

  const expectFinished = async (id: string, rows: number) => {
    expect(await waitForTerminal(api, id, 120_000)).toMatchObject({
      status: { value: 'EVALUATION_FINISHED' }, progress: { done: rows, total: rows },
    });
    await expectEachRowOnce(id, rows);
  };

  it('with Redis unreachable: /health is 503 naming the queue, POST /evaluations answers once per key, the sweeper enqueues later', async () => {
    const body = await evaluationBody(6, 3);
    redisProxy.shut();
    const health = await waitFor('the api to see Redis gone', async () => {
      const response = await answer(api.GET('/health'));
      return response.status === 503 ? response : undefined;
    });
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'up', queue: 'down' });
    expect(health.body.detail).toMatch(/^queue unreachable: /);

    // Answered while Redis is still shut: had it waited for Redis, this test could never go on.
    const key = `outage-${randomUUID()}`;
    const createOnce = (evaluationBody: CrucibleSchemas['CreateEvaluationDto']) =>
      answer(api.POST('/evaluations', { params: { header: { 'Idempotency-Key': key } }, body: evaluationBody }));
    const created = await createOnce(body);
    expect(created.status).toBe(200);
    const [evaluation] = created.body;
    expect(evaluation.status.value).toBe('EVALUATION_INITIALIZED');
    const retried = await createOnce(body);
    expect(retried).toMatchObject({ status: 200, body: created.body });
    const reused = await createOnce({ ...body, rate_limit: { ...body.rate_limit, batch_size: 1 } });
    expect(reused.status).toBe(422);
    expect(JSON.stringify(reused.body)).toContain('already used with a different request body');
    const ofThisTestset = (await ok(api.GET('/evaluations', { params: { query: { app_id: setup.appId } } }))).filter((e) => e.testset_id === body.testset_id);
    expect(ofThisTestset.map((e) => e.id)).toEqual([evaluation.id]);

    redisProxy.open();
    await expectFinished(evaluation.id, 6);
    expect((await api.GET('/health')).response.status).toBe(200);
  }, 180_000);

  it('keeps queued and running jobs through a Redis restart: every evaluation finishes, each row once', async () => {
    // Three evaluations for a runner taking two at a time: one job waits in Redis while two run.
    const bodies = await Promise.all([evaluationBody(20, 1), evaluationBody(20, 1), evaluationBody(20, 1)]);
    const ids: string[] = [];
    for (const body of bodies) ids.push(await evaluate(body));
    await waitFor('rows to be stored', async () => ((await progress(ids[0]!)) >= 3 ? true : undefined), 60_000, 50);
    redisProxy.shut();
    await waitFor('the api to see Redis gone', async () => ((await api.GET('/health')).response.status === 503 ? true : undefined));
    redisProxy.open();
    for (const id of ids) await expectFinished(id, 20);
  }, 240_000);

  it('finishes an evaluation through a 45 s database outage mid-run, answering 503 meanwhile, each row once', async () => {
    const body = await evaluationBody(30, 1);
    const id = await evaluate(body);
    await waitFor('rows to be stored', async () => ((await progress(id)) >= 4 ? true : undefined), 60_000, 50);
    databaseProxy.shut();
    const outageEnds = Date.now() + DATABASE_OUTAGE_MS;

    const read = await answer(api.GET('/evaluations/{evaluation_id}', ofEvaluation(id)));
    expect(read).toMatchObject({ status: 503, body: { detail: 'the database is unreachable; try again shortly' } });
    const health = await answer(api.GET('/health'));
    expect(health).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down', queue: 'up' } });
    expect(health.body.detail).toMatch(/^database unreachable: /);
    const runnerHealth = await fetch(`http://127.0.0.1:${runner.port}/health`);
    expect(runnerHealth.status).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    databaseProxy.open();
    await expectFinished(id, 30);
  }, 240_000);
});
