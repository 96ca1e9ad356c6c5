import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrucibleClient } from '@crucible/client';
import { createCrucibleClient } from '@crucible/client';
import { JobQueue } from '@crucible/application';
import type { InProcessJobQueue } from '@crucible/queue';
import { BOOTSTRAP_KEY, type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { spawnApiProcess, untilHealthy } from './support/api-process';
import { EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { QUICK_RATE_LIMIT, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { waitFor } from './support/wait-for';

/** The ceiling the issue sets: a project waiting out `delay_between_batches: 3600` must not keep the api alive longer. */
const SHUTDOWN_WITHIN_MS = 10_000;
const HOUR_APART = { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 3600 };

/** An app on the example service, one exact-match evaluator and the capitals test set, in the client's project. */
async function setUpProject(api: CrucibleClient, serviceUrl: string) {
  const { app, revisionIds } = await registerServiceWithTwoRevisions(api, {
    appName: 'capitals', serviceUrl, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
  });
  const config = await ok(api.POST('/evaluators/configs', { body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} } }));
  const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows(), app_id: app.app_id } }));
  const evaluate = async (rateLimit: typeof HOUR_APART, revisions = revisionIds) => ok(api.POST('/evaluations', {
    body: { app_id: app.app_id, revisions_ids: revisions, evaluators_configs: [config.id], testset_id: testset.id, rate_limit: rateLimit },
  }));
  return { revisionIds, evaluate };
}

const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });

/** Until the evaluation has stored its first batch: it is then waiting out its delay. */
const untilFirstBatchStored = (api: CrucibleClient, id: string) => waitFor(`evaluation ${id} to store its first batch`, async () => {
  const status = await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)));
  return status.progress.done >= 1 ? status : undefined;
});

describe('one project cannot starve the runner (embedded, in-process queue)', () => {
  let server: RunningApi;
  let example: ExampleStack;
  let projectA: Awaited<ReturnType<typeof setUpProject>>;
  let projectB: Awaited<ReturnType<typeof setUpProject>>;
  let apiB: CrucibleClient;
  let waitingIds: string[];

  beforeAll(async () => {
    server = await startApi('pglite');
    example = await startCompletionExample();
    const created = await ok(server.api.POST('/projects', { body: { name: 'patient-team' } }));
    apiB = server.withKey(created.api_key!.key);
    projectA = await setUpProject(server.api, example.service.url);
    projectB = await setUpProject(apiB, example.service.url);
    // Two evaluations: one per runner slot, so a delay that held its slot would leave none.
    waitingIds = (await projectB.evaluate(HOUR_APART)).map((evaluation) => evaluation.id);
    for (const id of waitingIds) await untilFirstBatchStored(apiB, id);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it("runs project A's evaluation to its end while project B's waits out delay_between_batches: 3600", async () => {
    const [evaluation] = await projectA.evaluate(QUICK_RATE_LIMIT, [projectA.revisionIds[0]!]);
    const finished = await waitForTerminal(server.api, evaluation!.id, 60_000);
    expect(finished.status.value).toBe('EVALUATION_FINISHED');
    for (const id of waitingIds) {
      const waiting = await ok(apiB.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)));
      expect(waiting).toMatchObject({ status: { value: 'EVALUATION_STARTED' }, progress: { done: 1 } });
    }
  }, 90_000);

  it('cancels a run during its delay at once: its job is gone and the next evaluation runs', async () => {
    for (const id of waitingIds) {
      expect((await ok(apiB.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(id)))).status.value).toBe('EVALUATION_CANCELLED');
    }
    expect((server.app.get(JobQueue) as InProcessJobQueue).delayedJobs()).toBe(0);
    const [next] = await projectB.evaluate(QUICK_RATE_LIMIT, [projectB.revisionIds[0]!]);
    expect((await waitForTerminal(apiB, next!.id, 60_000)).status.value).toBe('EVALUATION_FINISHED');
    for (const id of waitingIds) {
      const cancelled = await ok(apiB.GET('/evaluations/{evaluation_id}/status', ofEvaluation(id)));
      expect(cancelled).toMatchObject({ status: { value: 'EVALUATION_CANCELLED' }, progress: { done: 1 } });
    }
  }, 90_000);
});

describe('SIGTERM during a delay between batches', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-shutdown-'));
  let example: ExampleStack;
  beforeAll(async () => {
    example = await startCompletionExample();
  });
  afterAll(async () => {
    await example?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends the api process within 10 s, leaving the run to resume', async () => {
    const api = await spawnApiProcess({ CRUCIBLE_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY, CRUCIBLE_DATA_DIR: dataDir });
    let waitingId = '';
    try {
      await untilHealthy(api);
      const client = createCrucibleClient({ baseUrl: api.url, apiKey: BOOTSTRAP_KEY });
      const project = await setUpProject(client, example.service.url);
      const [waiting] = await project.evaluate(HOUR_APART, [project.revisionIds[0]!]);
      waitingId = waiting!.id;
      await untilFirstBatchStored(client, waitingId);

      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      const ended = await Promise.race([
        api.exited.then(() => Date.now() - signalledAt),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), SHUTDOWN_WITHIN_MS).unref()),
      ]);
      expect({ ended, output: ended === null ? api.output() : '' }).toEqual({ ended: expect.any(Number), output: '' });
      expect(ended).toBeLessThan(SHUTDOWN_WITHIN_MS);
      process.stdout.write(`api process ended ${ended} ms after SIGTERM, during a 3600 s delay between batches\n`);
    } finally {
      if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    // The run was neither failed nor finished by the stop: the next start picks it up from the row it stored.
    const next = await startApi('pglite', { dataDir });
    try {
      const resumed = await ok(next.api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(waitingId)));
      expect(resumed).toMatchObject({ status: { value: 'EVALUATION_STARTED' } });
      expect(resumed.progress.done).toBeGreaterThanOrEqual(1);
    } finally {
      await next.close();
    }
  }, 180_000);
});

