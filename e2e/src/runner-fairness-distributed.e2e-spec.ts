import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { CrucibleClient } from '@crucible/client';
import { redisConnection } from '@crucible/queue';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { QUICK_RATE_LIMIT, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';
import { waitFor } from './support/wait-for';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const SHUTDOWN_WITHIN_MS = 10_000;
const HOUR_APART = { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 3600 };

const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });

/** The same guarantees over Redis: a run waiting out its delay is a delayed BullMQ job, not a busy runner slot. */
describe('one project cannot starve the runners (distributed, BullMQ)', () => {
  const queueName = `crucible-e2e-${randomBytes(4).toString('hex')}`;
  let server: RunningApi & { postgres?: { url: string } };
  let example: ExampleStack;
  let runner: RunnerProcess;
  let inspect: Queue;
  let apiB: CrucibleClient;
  let projectA: Awaited<ReturnType<typeof setUpProject>>;
  let projectB: Awaited<ReturnType<typeof setUpProject>>;
  let waitingIds: string[];

  async function setUpProject(api: CrucibleClient) {
    const { app, revisionIds } = await registerServiceWithTwoRevisions(api, {
      appName: 'capitals', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    const config = await ok(api.POST('/evaluators/configs', { body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} } }));
    const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows(), app_id: app.app_id } }));
    const longer = await ok(api.POST('/testsets', { body: { name: 'forty', csvdata: capitalRows(40), app_id: app.app_id } }));
    return {
      revisionIds,
      evaluate: (rateLimit: typeof HOUR_APART, revisions = revisionIds, testsetId = testset.id) => ok(api.POST('/evaluations', {
        body: { app_id: app.app_id, revisions_ids: revisions, evaluators_configs: [config.id], testset_id: testsetId, rate_limit: rateLimit },
      })),
      longerTestsetId: longer.id,
    };
  }
  const statusOf = (id: string) => ok(apiB.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)));

  beforeAll(async () => {
    server = await startApi('postgres', {
      queue: { kind: 'bullmq', redisUrl: REDIS_URL, queueName, concurrency: 2, lockDurationMs: 3000 },
      outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 },
    });
    // Rows of 30 ms: a backlog of 4 × 40 rows keeps both slots busy for seconds.
    example = await startCompletionExample({ latencyMs: 30 });
    inspect = new Queue(queueName, { connection: redisConnection(REDIS_URL) });
    // Two slots, and a sweep every second: a sweep must not deliver a delayed run early.
    runner = await startRunnerProcess({ databaseUrl: server.postgres!.url, redisUrl: REDIS_URL, queueName, lockDurationMs: 3000, sweepIntervalMs: 1000 });
    const created = await ok(server.api.POST('/projects', { body: { name: 'patient-team' } }));
    apiB = server.withKey(created.api_key!.key);
    projectA = await setUpProject(server.api);
    projectB = await setUpProject(apiB);
    waitingIds = (await projectB.evaluate(HOUR_APART)).map((evaluation) => evaluation.id);
    for (const id of waitingIds) {
      await waitFor(`evaluation ${id} to store its first batch`, async () => ((await statusOf(id)).progress.done >= 1 ? true : undefined));
    }
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await server?.close();
    await example?.close();
    await inspect?.obliterate({ force: true });
    await inspect?.close();
  });

  it("runs project A's evaluation while project B's wait out their delay as delayed jobs, not delivered again early", async () => {
    const [evaluation] = await projectA.evaluate(QUICK_RATE_LIMIT, [projectA.revisionIds[0]!]);
    expect((await waitForTerminal(server.api, evaluation!.id, 60_000)).status.value).toBe('EVALUATION_FINISHED');
    // The runner sweeps every second: let a few sweeps pass; each must be a no-op for the delayed jobs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const id of waitingIds) {
      expect(await inspect.getJobState(`evaluation-${id}`)).toBe('delayed');
      expect(await statusOf(id)).toMatchObject({ status: { value: 'EVALUATION_STARTED' }, progress: { done: 1 } });
    }
  }, 90_000);

  it('cancels a run during its delay: its delayed job is removed at once', async () => {
    for (const id of waitingIds) {
      expect((await ok(apiB.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(id)))).status.value).toBe('EVALUATION_CANCELLED');
      expect(await inspect.getJob(`evaluation-${id}`)).toBeUndefined();
    }
    const [next] = await projectB.evaluate(QUICK_RATE_LIMIT, [projectB.revisionIds[0]!]);
    expect((await waitForTerminal(apiB, next!.id, 60_000)).status.value).toBe('EVALUATION_FINISHED');
  }, 90_000);

  it("serves project B's evaluation while project A's backlog fills the queue, not after it", async () => {
    const oneRowAtATime = { ...QUICK_RATE_LIMIT, batch_size: 1 };
    const backlog: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      backlog.push(...(await projectA.evaluate(oneRowAtATime, projectA.revisionIds, projectA.longerTestsetId)).map((e) => e.id));
    }
    const [late] = await projectB.evaluate(oneRowAtATime, [projectB.revisionIds[0]!]);
    expect((await waitForTerminal(apiB, late!.id, 60_000)).status.value).toBe('EVALUATION_FINISHED');
    const backlogStatuses = await Promise.all(backlog.map(async (id) => (await ok(server.api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)))).status.value));
    // Served oldest first, B's 10 rows would have come after all 160 of A's.
    expect(backlogStatuses).toContain('EVALUATION_STARTED');
    for (const id of backlog) expect((await waitForTerminal(server.api, id, 90_000)).status.value).toBe('EVALUATION_FINISHED');
  }, 180_000);

  it('ends the runner process within 10 s of SIGTERM while a run waits out its delay', async () => {
    const [waiting] = await projectB.evaluate(HOUR_APART, [projectB.revisionIds[0]!]);
    await waitFor('the first batch stored', async () => ((await statusOf(waiting!.id)).progress.done >= 1 ? true : undefined));
    const signalledAt = Date.now();
    const stopped = runner.stop().then(() => Date.now() - signalledAt);
    const ended = await Promise.race([stopped, new Promise<null>((resolve) => setTimeout(() => resolve(null), SHUTDOWN_WITHIN_MS).unref())]);
    expect(ended).not.toBeNull();
    process.stdout.write(`workflow-runner ended ${ended} ms after SIGTERM, during a 3600 s delay between batches\n`);
    expect(await statusOf(waiting!.id)).toMatchObject({ status: { value: 'EVALUATION_STARTED' } });
  }, 90_000);
});
