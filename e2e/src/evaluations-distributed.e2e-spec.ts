import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { redisConnection } from '@crucible/queue';
import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';
import { waitFor } from './support/wait-for';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** PostgreSQL + Redis + separate workflow-runner processes: the distributed deployment of ARCHITECTURE §1. */
describe('evaluations, distributed (PostgreSQL, Redis, separate runner processes)', () => {
  const queueName = `crucible-e2e-${randomBytes(4).toString('hex')}`;
  let server: RunningApi & { postgres?: { url: string } };
  let api: CrucibleClient;
  let example: ExampleStack;
  const runners: RunnerProcess[] = [];

  const startRunner = async () => {
    const runner = await startRunnerProcess({ databaseUrl: server.postgres!.url, redisUrl: REDIS_URL, queueName, lockDurationMs: 3000 });
    runners.push(runner);
    return runner;
  };

  beforeAll(async () => {
    server = await startApi('postgres', {
      queue: { kind: 'bullmq', redisUrl: REDIS_URL, queueName, concurrency: 1, lockDurationMs: 3000 },
      // Distributed mode allows no private host by default; the example service listens on loopback.
      outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 },
    });
    api = server.api;
    // Each row's LLM call takes 60 ms, so a kill lands in the middle of an evaluation.
    example = await startCompletionExample({ latencyMs: 60 });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await server?.close();
    await example?.close();
    // Leave nothing of this run's queue behind in the shared Redis.
    const queue = new Queue(queueName, { connection: redisConnection(REDIS_URL) });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('runs two evaluations in a separate runner and lists them finished with results, cost and latency', async () => {
    await startRunner();
    const setup = await registerServiceWithTwoRevisions(api, {
      appName: 'capitals-distributed', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    const configs = await createEvaluatorConfigs(api, setup.app.app_id);
    const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows() } }));
    const created = await api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
        testset_id: testset.id, rate_limit: { batch_size: 5, max_retries: 1, retry_delay: 0, delay_between_batches: 0 },
      },
    });
    expect(created.response.status).toBe(200);
    await Promise.all(created.data!.map((e) => waitForTerminal(api, e.id)));
    const listed = await ok(api.GET('/evaluations', { params: { query: { app_id: setup.app.app_id } } }));
    expect(listed.map((e) => e.status.value)).toEqual(['EVALUATION_FINISHED', 'EVALUATION_FINISHED']);
    for (const evaluation of listed) {
      expect(evaluation.aggregated_results).toHaveLength(3);
      expect(evaluation.average_cost!.value).toBeGreaterThan(0);
      expect(evaluation.total_cost!.value).toBeGreaterThan(0);
      expect(evaluation.average_latency!.value).toBeGreaterThan(0.05);
    }
  }, 120_000);

  it('resumes after kill -9 of the runner mid-evaluation, storing every row exactly once', async () => {
    const first = runners[0] ?? (await startRunner());
    const setup = await registerServiceWithTwoRevisions(api, {
      appName: 'capitals-resume', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: EXACT_TEMPLATE,
    });
    const configs = await createEvaluatorConfigs(api, setup.app.app_id);
    const rows = capitalRows(40);
    const testset = await ok(api.POST('/testsets', { body: { name: 'forty', csvdata: rows } }));
    const [created] = await ok(api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs: configs.map((c) => c.id),
        testset_id: testset.id, rate_limit: { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
      },
    }));
    const id = created!.id;
    const ofEvaluation = { params: { path: { evaluation_id: id } } };
    const before = await waitFor('some rows stored', async () => {
      const status = await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation));
      return status.progress.done >= 8 ? status : undefined;
    }, 60_000, 50);
    await first.kill();
    const atKill = await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation));
    expect(atKill.status.value).toBe('EVALUATION_STARTED');
    expect(atKill.progress.done).toBeLessThan(rows.length);
    expect(before.progress.done).toBeLessThanOrEqual(atKill.progress.done);

    await startRunner();
    const finished = await waitForTerminal(api, id, 90_000);
    expect(finished).toMatchObject({ status: { value: 'EVALUATION_FINISHED' }, progress: { done: rows.length, total: rows.length } });

    const db = new Client({ connectionString: server.postgres!.url });
    await db.connect();
    try {
      const { rows: counts } = await db.query(
        'SELECT count(*)::int AS stored, count(DISTINCT row_index)::int AS distinct_rows, min(row_index) AS first, max(row_index) AS last FROM evaluation_scenarios WHERE evaluation_id = $1',
        [id],
      );
      expect(counts[0]).toEqual({ stored: rows.length, distinct_rows: rows.length, first: 0, last: rows.length - 1 });
    } finally {
      await db.end();
    }
    const evaluation = await ok(api.GET('/evaluations/{evaluation_id}', ofEvaluation));
    expect(evaluation.aggregated_results.find((a) => a.evaluator_config.evaluator_key === 'auto_exact_match')!.result).toEqual({ type: 'number', value: 1 });
  }, 180_000);
});
