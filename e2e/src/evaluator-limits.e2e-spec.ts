import { availableParallelism } from 'node:os';
import { CodeSandbox } from '@crucible/application';
import type { IsolatedVmCodeSandbox } from '@crucible/integrations';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { type ExampleStack, EXACT_TEMPLATE, startCompletionExample } from './support/example-service';
import { waitForTerminal } from './support/evaluation-fixtures';

/**
 * ARCHITECTURE §12 for user code and patterns, embedded (the evaluators run in the api's own process):
 * a backtracking-bomb regex runs in linear time while /health keeps answering, and CPU-bound custom code at
 * batch_size 30 is judged by CPU time with a bounded number of isolates.
 */
describe('evaluator limits (embedded, PGlite)', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let example: ExampleStack;
  let appId: string;
  let revisionId: string;

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    example = await startCompletionExample();
    appId = (await ok(api.POST('/apps', { body: { app_name: 'limits' } }))).app_id;
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: 'echo', url: example.service.url, parameters: EXACT_TEMPLATE },
    }));
    revisionId = (await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } })))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  const evaluate = async (
    rows: Array<Record<string, string>>, config: Pick<CrucibleSchemas['CreateEvaluatorConfigDto'], 'evaluator_key' | 'settings_values'>, batchSize: number,
  ) => {
    const testset = await ok(api.POST('/testsets', { body: { name: `rows-${Date.now()}`, csvdata: rows, app_id: appId } }));
    const created = await api.POST('/evaluators/configs', { body: { app_id: appId, name: `c-${Date.now()}`, ...config } });
    expect(created.response.status).toBe(200);
    const [evaluation] = await ok(api.POST('/evaluations', {
      body: {
        app_id: appId, revisions_ids: [revisionId], evaluators_configs: [created.data!.id], testset_id: testset.id,
        rate_limit: { batch_size: batchSize, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
      },
    }));
    return evaluation!.id;
  };
  const scenariosOf = (id: string) => ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: id } } }));

  it('runs ^(a+)+$ on 30 a and a "!" in linear time, /health answering throughout', async () => {
    const bomb = `${'a'.repeat(30)}!`;
    const id = await evaluate(
      Array.from({ length: 20 }, () => ({ input: bomb, correct_answer: bomb })),
      { evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^(a+)+$', regex_should_match: true } },
      20,
    );
    const healthStatuses: number[] = [];
    let finished = false;
    const polling = (async () => {
      while (!finished) healthStatuses.push((await api.GET('/health')).response.status);
    })();
    await waitForTerminal(api, id);
    finished = true;
    await polling;
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(new Set(healthStatuses)).toEqual(new Set([200]));
    const scenarios = await scenariosOf(id);
    expect(scenarios.map((s) => s.results[0]!.result)).toEqual(Array(20).fill({ type: 'bool', value: false }));
  }, 90_000);

  it('refuses at save time a pattern RE2 cannot express', async () => {
    const response = await answer(api.POST('/evaluators/configs', {
      body: { app_id: appId, name: 'backref', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '(a+)\\1' } },
    }));
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ['body', 'settings_values', 'regex_pattern'], msg: expect.stringMatching(/RE2/) });
  });

  it('gives CPU-bound custom code a CPU-time error at batch_size 30 while the live isolates stay bounded', async () => {
    const sandbox = server.app.get(CodeSandbox) as IsolatedVmCodeSandbox;
    const spin = 'function evaluate(app_params, inputs, output) { if (output === "spin") { for (;;) {} } let x = 0; for (let i = 0; i < 3e6; i += 1) x += i % 3; return 1; }';
    const rows = Array.from({ length: 30 }, (_, i) => (i % 10 === 0 ? { input: 'spin', correct_answer: '' } : { input: `row ${i}`, correct_answer: '' }));
    const id = await evaluate(rows, { evaluator_key: 'auto_custom_code_run', settings_values: { code: spin } }, 30);
    await waitForTerminal(api, id, 180_000);
    const results = (await scenariosOf(id)).map((s) => s.results[0]!.result);
    const spun = results.filter((r) => r.type === 'error');
    expect(spun).toHaveLength(3);
    for (const error of spun) expect(error.error!.message).toMatch(/used more than 5000 ms of CPU time/);
    expect(results.filter((r) => r.type === 'number' && r.value === 1)).toHaveLength(27);
    // 30 rows at once, but never more isolates than the process bound (CRUCIBLE_SANDBOX_MAX_ISOLATES, default max(2, cores)).
    expect(sandbox.isolates().live).toBe(0);
    expect(sandbox.isolates().peak).toBeGreaterThan(0);
    expect(sandbox.isolates().peak).toBeLessThanOrEqual(Math.max(2, availableParallelism()));
  }, 200_000);
});
