import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { redisConnection } from '@crucible/queue';
import { createTestPostgres, type TestPostgres } from '@crucible/persistence';
import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { type CountingWebhook, startCountingWebhook } from './support/counting-webhook';
import { type GatedTcpProxy, startGatedTcpProxy } from './support/gated-proxy';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';
import { waitFor } from './support/wait-for';

const REDIS = new URL(process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const TRACES = 10_000;
const SAMPLING_RATE = 0.1;
/** Short, so the claims a killed runner held are taken again within the test (the default is 300 s). */
const LEASE_SECONDS = 3;

/**
 * The exact binomial 99.9 % interval for how many of `n` traces a rule samples at rate `p`: the 0.05 % and 99.95 %
 * quantiles of Binomial(n, p), summed in log space since (1 − p)^n underflows.
 */
function binomialInterval(n: number, p: number, confidence = 0.999): readonly [number, number] {
  const logs: number[] = [n * Math.log1p(-p)];
  for (let k = 0; k < n; k += 1) logs.push(logs[k]! + Math.log((n - k) / (k + 1)) + Math.log(p / (1 - p)));
  const top = Math.max(...logs);
  const weights = logs.map((log) => Math.exp(log - top));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const tail = (1 - confidence) / 2;
  let cumulative = 0;
  let lower = -1;
  for (let k = 0; k <= n; k += 1) {
    cumulative += weights[k]! / total;
    if (lower < 0 && cumulative >= tail) lower = k;
    if (cumulative >= 1 - tail) return [lower, k];
  }
  return [lower, n];
}
const SAMPLED = binomialInterval(TRACES, SAMPLING_RATE);

function traceRecord(traceId: string, app: string, start = new Date().toISOString()) {
  const end = new Date(Date.parse(start) + 5).toISOString();
  return {
    trace_id: traceId, app_id: app, environment: 'production', latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
    inputs: { q: `question ${traceId}` }, output: `answer ${traceId}`,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'workflow', kind: 'workflow', status: 'ok', start_time: start, end_time: end, latency_ms: 5 }],
  };
}

/**
 * ARCHITECTURE §18 under §13's rules in the distributed deployment: PostgreSQL, Redis behind a TCP proxy the suite
 * shuts, the api, and a separate workflow-runner process that drains the online evaluations and is killed with
 * SIGKILL mid-backlog. The evaluator is a webhook that counts its calls per trace.
 */
describe('online evaluation under faults (PostgreSQL, Redis, a separate runner killed with -9)', () => {
  const queueName = `crucible-e2e-${randomBytes(4).toString('hex')}`;
  let postgres: TestPostgres;
  let db: Client;
  let redisProxy: GatedTcpProxy;
  let redisUrl: string;
  let server: RunningApi;
  let api: CrucibleClient;
  let runner: RunnerProcess;
  let webhook: CountingWebhook;

  const startRunner = () => startRunnerProcess({ databaseUrl: postgres.url, redisUrl, queueName, onlineEvaluationLeaseSeconds: LEASE_SECONDS });

  beforeAll(async () => {
    postgres = await createTestPostgres();
    redisProxy = await startGatedTcpProxy(Number(REDIS.port || 6379), REDIS.hostname);
    const proxied = new URL(REDIS.toString());
    proxied.port = String(redisProxy.port);
    redisUrl = proxied.toString();
    server = await startApi('postgres', {
      postgres: { url: postgres.url, drop: () => Promise.resolve() },
      queue: { kind: 'bullmq', redisUrl, queueName, concurrency: 1, lockDurationMs: 3000 },
      outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 },
    });
    api = server.api;
    runner = await startRunner();
    webhook = await startCountingWebhook();
    db = new Client({ connectionString: postgres.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    webhook?.release();
    redisProxy?.open();
    await runner?.stop();
    await server?.close();
    await webhook?.close();
    await redisProxy?.close();
    await db?.end();
    const queue = new Queue(queueName, { connection: redisConnection(REDIS.toString()) });
    await queue.obliterate({ force: true });
    await queue.close();
    await postgres?.drop();
  }, 60_000);

  /** An app with a rule running the counting webhook on its traces. */
  const ruleOverNewApp = async (name: string, samplingRate: number) => {
    const appId = (await ok(api.POST('/apps', { body: { app_name: name } }))).app_id;
    const config = await ok(api.POST('/evaluators/configs', {
      body: { app_id: appId, name: `${name}-webhook`, evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: webhook.url } },
    }));
    const rule = await ok(api.POST('/online-evaluations', { body: { name, evaluator_config_id: config.id, app_id: appId, sampling_rate: samplingRate } }));
    return { appId, ruleId: rule.id };
  };
  const traceIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  /** Batched `POST /traces`, as the SDK's background writer sends them. */
  const ingest = async (ids: string[], app: string, start?: (i: number) => string) => {
    for (let at = 0; at < ids.length; at += 500) {
      const traces = ids.slice(at, at + 500).map((traceId, i) => traceRecord(traceId, app, start?.(at + i)));
      expect((await server.client.post('/traces', { traces })).status).toBe(200);
    }
  };
  /** Read straight from PostgreSQL: the rule's log per state and reason. */
  const log = async (ruleId: string) => {
    const { rows } = await db.query<{ status: string; reason: string | null; count: number }>(
      'SELECT status, reason, count(*)::int AS count FROM online_evaluation_executions WHERE rule_id = $1 GROUP BY status, reason', [ruleId],
    );
    const count = (status: string) => rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
    return { pending: count('pending'), completed: count('completed'), error: count('error'), skipped: count('skipped'), rows };
  };
  const settled = (ruleId: string) => waitFor(`rule ${ruleId} to drain its backlog`, async () => {
    const state = await log(ruleId);
    return state.pending === 0 ? state : undefined;
  }, 120_000, 200);
  /** The traces the rule completed, and the scores stored for it per trace. */
  const scoresPerTrace = async (ruleId: string) => {
    const { rows: completed } = await db.query<{ trace_id: string; score_id: string }>(
      "SELECT trace_id, score_id FROM online_evaluation_executions WHERE rule_id = $1 AND status = 'completed'", [ruleId],
    );
    const { rows: scores } = await db.query<{ trace_id: string; id: string; source: string }>(
      'SELECT trace_id, id, source FROM scores WHERE author_id = $1', [ruleId],
    );
    return { completed, scores };
  };
  /** Every completed trace has exactly one score, the one its execution names; no trace outside them has one. */
  const expectOneScorePerCompletedTrace = async (ruleId: string) => {
    const { completed, scores } = await scoresPerTrace(ruleId);
    expect(scores).toHaveLength(completed.length);
    expect(new Set(scores.map((score) => score.trace_id)).size).toBe(completed.length);
    expect(new Map(scores.map((score) => [score.trace_id, score.id]))).toEqual(new Map(completed.map((row) => [row.trace_id, row.score_id])));
    expect(new Set(scores.map((score) => score.source))).toEqual(new Set(['online_evaluation']));
    return completed.map((row) => row.trace_id);
  };
  const invocations = (ids: string[]) => ids.map((traceId) => webhook.calls.get(traceId) ?? 0);

  it(`samples ${TRACES} traces at ${SAMPLING_RATE}: completed ones within the binomial 99.9 % interval [${SAMPLED.join(', ')}], the rest \`skipped: sampled out\`, each evaluated once`, async () => {
    const { appId, ruleId } = await ruleOverNewApp('sampled', SAMPLING_RATE);
    const ids = traceIds('sampled', TRACES);
    await ingest(ids, appId);
    const done = await settled(ruleId);
    expect(done.completed).toBeGreaterThanOrEqual(SAMPLED[0]);
    expect(done.completed).toBeLessThanOrEqual(SAMPLED[1]);
    expect(done.rows).toEqual(expect.arrayContaining([
      { status: 'completed', reason: null, count: done.completed }, { status: 'skipped', reason: 'sampled out', count: TRACES - done.completed },
    ]));
    expect(done.rows).toHaveLength(2);
    const evaluated = await expectOneScorePerCompletedTrace(ruleId);
    expect(new Set(invocations(evaluated))).toEqual(new Set([1]));
    expect(invocations(ids).reduce((sum, calls) => sum + calls, 0)).toBe(done.completed);
    expect((await ok(api.GET('/online-evaluations/{rule_id}', { params: { path: { rule_id: ruleId } } }))).executions)
      .toEqual({ pending: 0, completed: done.completed, error: 0, skipped: TRACES - done.completed });
  }, 180_000);

  it('survives a kill -9 of the runner mid-backlog: a new runner finishes it, every sampled trace completed and scored once', async () => {
    const { appId, ruleId } = await ruleOverNewApp('killed', SAMPLING_RATE);
    const ids = traceIds('killed', TRACES);
    // The runner evaluates 150 traces, then hangs in the next calls: killed there, part of the backlog is done.
    webhook.holdAfter(150);
    await ingest(ids, appId);
    await waitFor('the runner to be mid-evaluation', async () => (webhook.held().length > 0 ? true : undefined), 60_000, 50);
    await runner.kill();
    webhook.release();
    const storedAtKill = new Set((await scoresPerTrace(ruleId)).completed.map((row) => row.trace_id));
    const before = await log(ruleId);
    expect(before.completed).toBe(storedAtKill.size);
    expect(before.completed).toBeGreaterThan(0);
    expect(before.pending).toBeGreaterThan(0);
    // Evaluated by the killed runner, but their round's outcomes never written: these are the ones its successor runs again.
    const lostWithTheRunner = ids.filter((traceId) => webhook.calls.has(traceId) && !storedAtKill.has(traceId));
    expect(lostWithTheRunner.length).toBeGreaterThan(0);
    runner = await startRunner();

    const done = await settled(ruleId);
    expect(done.completed).toBeGreaterThanOrEqual(SAMPLED[0]);
    expect(done.completed).toBeLessThanOrEqual(SAMPLED[1]);
    expect(done.rows).toEqual(expect.arrayContaining([
      { status: 'completed', reason: null, count: done.completed }, { status: 'skipped', reason: 'sampled out', count: TRACES - done.completed },
    ]));
    expect(done.rows).toHaveLength(2);
    const evaluated = await expectOneScorePerCompletedTrace(ruleId);
    // The killed runner's claims were taken again once their lease lapsed.
    const { rows: [retaken] } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM online_evaluation_executions WHERE rule_id = $1 AND attempts > 1', [ruleId]);
    expect(retaken!.count).toBeGreaterThan(0);
    // Each trace was evaluated once, but for those the killed runner had evaluated without storing the outcome:
    // exactly those ran twice, and their score was stored once all the same.
    const twice = evaluated.filter((traceId) => webhook.calls.get(traceId) !== 1);
    expect(twice.sort()).toEqual([...lostWithTheRunner].sort());
    expect(new Set(invocations(twice))).toEqual(new Set([2]));
    expect(invocations(ids).reduce((sum, calls) => sum + calls, 0)).toBe(done.completed + lostWithTheRunner.length);
  }, 180_000);

  it('drains on through a Redis outage: the online evaluations need only the database', async () => {
    const { appId, ruleId } = await ruleOverNewApp('redis-outage', 0.5);
    const ids = traceIds('redis-outage', 2000);
    webhook.holdAfter(50);
    await ingest(ids, appId);
    await waitFor('the runner to be mid-evaluation', async () => (webhook.held().length > 0 ? true : undefined), 60_000, 50);
    redisProxy.shut();
    await waitFor('the runner to see Redis gone', async () => ((await fetch(`http://127.0.0.1:${runner.port}/health`)).status === 503 ? true : undefined));
    const during = await log(ruleId);
    expect(during.pending).toBeGreaterThan(0);
    webhook.release();
    const done = await settled(ruleId);
    expect((await fetch(`http://127.0.0.1:${runner.port}/health`)).status).toBe(503);
    redisProxy.open();
    expect(done.completed + done.skipped).toBe(ids.length);
    expect(done.completed).toBeGreaterThan(during.completed);
    const evaluated = await expectOneScorePerCompletedTrace(ruleId);
    expect(new Set(invocations(evaluated))).toEqual(new Set([1]));
    await waitFor('the runner to see Redis back', async () => ((await fetch(`http://127.0.0.1:${runner.port}/health`)).status === 200 ? true : undefined));
  }, 180_000);

  it('backfills an hour: exactly the traces inside [from, to) are evaluated, not those a millisecond outside', async () => {
    const appId = (await ok(api.POST('/apps', { body: { app_name: 'history' } }))).app_id;
    const inside = traceIds('inside', 60);
    const before = traceIds('before', 5);
    const after = traceIds('after', 5);
    await ingest(inside, appId, (i) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + i * 60_000).toISOString());
    await ingest(before, appId, () => '2026-11-20T09:59:59.999Z');
    await ingest(after, appId, () => '2026-11-20T11:00:00.000Z');
    const config = await ok(api.POST('/evaluators/configs', {
      body: { app_id: appId, name: 'history-webhook', evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: webhook.url } },
    }));
    const rule = await ok(api.POST('/online-evaluations', { body: { name: 'history', evaluator_config_id: config.id, app_id: appId, sampling_rate: 1 } }));
    expect(await ok(api.POST('/online-evaluations/{rule_id}/backfill', {
      params: { path: { rule_id: rule.id } }, body: { from: '2026-11-20T10:00:00.000Z', to: '2026-11-20T11:00:00.000Z' },
    }))).toEqual({ traces: inside.length });
    const done = await settled(rule.id);
    expect(done).toMatchObject({ pending: 0, completed: inside.length, error: 0, skipped: 0 });
    expect((await expectOneScorePerCompletedTrace(rule.id)).sort()).toEqual([...inside].sort());
    expect(invocations(inside)).toEqual(inside.map(() => 1));
    expect(invocations([...before, ...after])).toEqual([...before, ...after].map(() => 0));
  }, 120_000);
});
