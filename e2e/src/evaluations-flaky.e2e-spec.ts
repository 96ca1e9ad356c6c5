import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { EXACT_TEMPLATE, type ExampleStack, capitalRows, startCompletionExample } from './support/example-service';
import { createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';

/**
 * The app's LLM answers 500 to 30 % of calls. The mock draws failures from a seeded PRNG in request order and
 * batch_size 1 keeps that order fixed, so the run repeats exactly; with seed 11 no row fails four times running.
 */
describe('evaluation of a flaky app', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let example: ExampleStack;

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    example = await startCompletionExample({ failureRate: 0.3, failureMode: '500', seed: 11 });
  });
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it('finishes with every row succeeding when max_retries is 3, and fails rows without retries', async () => {
    const setup = await registerServiceWithTwoRevisions(api, {
      appName: 'flaky', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: EXACT_TEMPLATE,
    });
    const configs = await createEvaluatorConfigs(api, setup.app.app_id);
    const rows = capitalRows(20);
    const testset = await ok(api.POST('/testsets', { body: { name: 'flaky-rows', csvdata: rows } }));
    const evaluate = async (maxRetries: number) => {
      const [created] = await ok(api.POST('/evaluations', {
        body: {
          app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs: configs.map((c) => c.id),
          testset_id: testset.id, rate_limit: { batch_size: 1, max_retries: maxRetries, retry_delay: 0, delay_between_batches: 0 },
        },
      }));
      return waitForTerminal(api, created!.id);
    };
    const scenariosOf = (id: string) => ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: id } } }));

    const withRetries = await evaluate(3);
    expect(withRetries).toMatchObject({ status: { value: 'EVALUATION_FINISHED' }, progress: { done: rows.length } });
    const scenarios = await scenariosOf(withRetries.id);
    expect(scenarios.filter((s) => s.error)).toEqual([]);
    const callsWithRetries = example.mock.stats().requests;
    expect(callsWithRetries).toBeGreaterThan(rows.length);

    const withoutRetries = await evaluate(0);
    expect(withoutRetries.status.value).toBe('EVALUATION_FINISHED_WITH_ERRORS');
    const failed = (await scenariosOf(withoutRetries.id)).filter((s) => s.error);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.error!.message).toMatch(/500|error/i);
  }, 120_000);
});
