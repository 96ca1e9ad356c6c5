import { evaluate, init } from '@crucible/sdk';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const CITIES = ['Paris', 'Rome', 'Oslo', 'Lima', 'Kyiv', 'Cairo', 'Quito', 'Hanoi', 'Accra', 'Dakar', 'Bern', 'Riga'];

/** What a built-in prompt app answers when its model calls a tool (ARCHITECTURE §16): the output tool_call_match reads. */
const toolCall = (name: string, args: Record<string, unknown>) => ({
  tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

/** The agent under test, run by the test process itself: a good one calls get_weather for the row's city. */
const goodAgent = (inputs: Record<string, unknown>) => toolCall('get_weather', { city: inputs['city'], unit: 'celsius' });
const brokenAgent = (inputs: Record<string, unknown>) => toolCall('get_time', { city: inputs['city'] });

/** A local evaluator: scored in the test process, stored under its name. */
function namesTheCity({ output, inputs }: { output: unknown; inputs: Record<string, unknown> }): boolean {
  return JSON.stringify(output).includes(String(inputs['city']));
}

/** evaluate() from a jest test against a real api: the task runs here, the rows are uploaded, §11 gives the verdict. */
describe.each<Engine>(['pglite', 'postgres'])('experiments from a test runner on %s', (engine) => {
  let server: RunningApi;
  let appId: string;
  let variantId: string;
  let testsetId: string;
  let toolCallConfigId: string;
  const appName = `weather-agent-${engine}`;
  const testsetName = `cities-${engine}`;
  const firstRun: { id?: string } = {};

  beforeAll(async () => {
    server = await startApi(engine, { outbound: OUTBOUND });
    init({ host: server.baseUrl, apiKey: server.apiKey, exportTraces: false });
    const app = await server.client.post('/apps', { app_name: appName });
    appId = app.body.app_id;
    const variant = await server.client.post(`/apps/${appId}/variant/from-service`, { variant_name: 'agent', url: 'http://127.0.0.1:9', parameters: {} });
    expect(variant.status).toBe(200);
    variantId = variant.body.variant_id;
    const rows = CITIES.map((city) => ({ city, correct_answer: JSON.stringify({ name: 'get_weather', arguments: { city } }) }));
    const testset = await server.client.post('/testsets', { name: testsetName, csvdata: rows, app_id: appId });
    testsetId = testset.body.id;
    const config = await server.client.post('/evaluators/configs', {
      app_id: appId, name: 'calls get_weather', evaluator_key: 'tool_call_match', settings_values: { arguments_match: 'subset' },
    });
    expect(config.status).toBe(200);
    toolCallConfigId = config.body.id;
  }, 120_000);

  afterAll(async () => {
    init({ exportTraces: false });
    await server?.close();
  });

  it('runs the task in the test process and uploads an evaluation that the api lists with source sdk', async () => {
    const seen: unknown[] = [];
    const result = await evaluate({
      app: appName, testset: testsetName, concurrency: 3,
      task: (inputs) => {
        seen.push(inputs);
        return goodAgent(inputs);
      },
      // A local function and an evaluator config Crucible runs on each uploaded output.
      evaluators: [namesTheCity, toolCallConfigId],
    });
    firstRun.id = result.evaluationId;
    // The task saw each row's inputs, never its expected answer.
    expect(seen).toHaveLength(CITIES.length);
    expect(seen).toEqual(expect.arrayContaining(CITIES.map((city) => ({ city }))));
    expect(result).toMatchObject({ rows: CITIES.length, failedRows: 0, verdict: null, baselineEvaluationId: null, comparison: null });
    expect(result.metrics).toEqual([{ name: 'calls get_weather', mean: 1 }, { name: 'namesTheCity', mean: 1 }]);

    const listed = await server.client.get(`/evaluations?app_id=${appId}`);
    expect(listed.body).toEqual([expect.objectContaining({
      id: result.evaluationId, source: 'sdk', testset_id: testsetId, variant_ids: [variantId], variant_names: ['agent'],
      status: { type: 'status', value: 'EVALUATION_FINISHED' },
    })]);
    const scenarios = await server.client.get(`/evaluations/${result.evaluationId}/evaluation_scenarios`);
    expect(scenarios.body).toHaveLength(CITIES.length);
    expect(scenarios.body[1]).toMatchObject({
      row_index: 1, output: goodAgent({ city: 'Rome' }), correct_answer: expect.stringContaining('get_weather'),
      inputs: [{ name: 'city', type: 'string', value: 'Rome' }],
      results: expect.arrayContaining([
        expect.objectContaining({ evaluator_config: toolCallConfigId, evaluator_key: 'tool_call_match', result: { type: 'bool', value: true } }),
        expect.objectContaining({ evaluator_key: 'sdk', result: { type: 'bool', value: true } }),
      ]),
    });
    const status = await server.client.get(`/evaluations/${result.evaluationId}/status`);
    expect(status.body.progress).toEqual({ done: CITIES.length, total: CITIES.length, failed_rows: 0, evaluator_errors: 0 });
  });

  it('compares with the latest evaluation of the variant: a broken agent is worse, the same agent is no different', async () => {
    const broken = await evaluate({ app: appName, variant: 'agent', testset: testsetName, task: brokenAgent, evaluators: [namesTheCity, toolCallConfigId] });
    expect(broken.baselineEvaluationId).toBe(firstRun.id);
    expect(broken.verdict).toBe('worse');
    // Every row went from a match to none: McNemar's exact test on 12 discordant pairs, p = 2 · 0.5^12.
    expect(broken.metrics).toEqual([
      { name: 'calls get_weather', mean: 0, difference: -1, pValue: expect.closeTo(2 * 0.5 ** 12, 10), verdict: 'worse' },
      { name: 'namesTheCity', mean: 1, difference: 0, pValue: expect.any(Number), verdict: 'no_significant_difference' },
    ]);
    expect(broken.comparison?.baseline_evaluation_id).toBe(firstRun.id);

    // The same comparison as anybody gets it from the api.
    const compared = await server.client.get(`/evaluations/compare?evaluations_ids=${firstRun.id},${broken.evaluationId}`);
    expect(compared.body).toEqual(broken.comparison);

    const again = await evaluate({ app: appId, testset: testsetId, task: goodAgent, evaluators: [namesTheCity, toolCallConfigId], baseline: firstRun.id! });
    expect(again.baselineEvaluationId).toBe(firstRun.id);
    expect(again.verdict).not.toBe('worse');
    expect(again.verdict).toBe('no_significant_difference');
  });

  it('runs each row as many times as asked and uploads every run; the row means make the mean', async () => {
    const calls: Array<[number, number]> = [];
    const result = await evaluate({
      app: appName, testset: testsetName, repetitions: 3, baseline: null,
      task: (inputs, { rowIndex, repetition }) => {
        calls.push([rowIndex, repetition]);
        return repetition === 1 ? brokenAgent(inputs) : goodAgent(inputs);
      },
      evaluators: [{ name: 'calls weather', evaluate: ({ output }) => JSON.stringify(output).includes('get_weather') }],
    });
    expect(calls).toHaveLength(CITIES.length * 3);
    expect(result.metrics).toEqual([{ name: 'calls weather', mean: expect.closeTo(2 / 3, 10) }]);
    expect(result.evaluation).toMatchObject({ repetitions: 3, source: 'sdk' });
    const scenarios = await server.client.get(`/evaluations/${result.evaluationId}/evaluation_scenarios`);
    expect(scenarios.body.map((s: { row_index: number; repetition: number; results: Array<{ result: unknown }> }) => [s.row_index, s.repetition, s.results[0]!.result]))
      .toEqual(CITIES.flatMap((_, row) => [0, 1, 2].map((r) => [row, r + 1, { type: 'bool', value: r !== 1 }])));
  });

  it('stores a task that throws as a failed row, and an evaluation whose every row failed as failed', async () => {
    const result = await evaluate({
      app: appName, testset: testsetName, baseline: null, evaluators: [namesTheCity],
      task: () => {
        throw new Error('the agent is down');
      },
    });
    expect(result.failedRows).toBe(CITIES.length);
    expect(result.evaluation.status).toEqual({
      type: 'status', value: 'EVALUATION_FAILED', error: { message: 'every row failed; first error: the agent is down' },
    });
    const rerun = await server.client.post(`/evaluations/${result.evaluationId}/rerun`, {});
    expect(rerun.status).toBe(400);
    expect(rerun.body.detail).toMatch(/uploaded by the SDK/);
  });

  it('refuses what it cannot run, saying what is wrong', async () => {
    const base = { app: appName, task: goodAgent };
    await expect(evaluate({ ...base, testset: 'no-such-set' })).rejects.toThrow(`no test set named "no-such-set" in the project (test sets: "${testsetName}")`);
    await expect(evaluate({ ...base, testset: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ status: 404 });
    await expect(evaluate({ ...base, app: 'nope', testset: testsetName })).rejects.toThrow(/no app named "nope"/);
    await expect(evaluate({ ...base, testset: testsetName, variant: 'other' })).rejects.toThrow(/has no variant "other" \(variants: "agent"\)/);
    await expect(evaluate({ ...base, testset: testsetName, repetitions: 21 })).rejects.toThrow(/repetitions must be an integer from 1 to 20/);
    await expect(evaluate({ ...base, testset: testsetName, evaluators: ['00000000-0000-4000-8000-000000000000'] }))
      .rejects.toThrow(/evaluator config 00000000-0000-4000-8000-000000000000 not found/);
  });

  it('answers bad rows of an upload with 422 naming each', async () => {
    const upload = (scenarios: unknown[]) => server.client.post('/evaluations/upload', { app_id: appId, testset_id: testsetId, scenarios });
    const outOfRange = await upload([{ row_index: 0, output: 'a' }, { row_index: 12, output: 'b' }, { row_index: 0, output: 'c' }]);
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'scenarios', 1, 'row_index'], msg: expect.stringContaining(`row 12 is not in test set "${testsetName}", which has 12 rows`) }),
      expect.objectContaining({ loc: ['body', 'scenarios', 2, 'row_index'], msg: expect.stringContaining('row 0, repetition 1 is given twice') }),
    ]);
    const badScore = await upload([{ row_index: 0, output: 'a', scores: { exact: 'yes' } }]);
    expect(badScore.status).toBe(422);
    expect(badScore.body.detail[0].loc).toEqual(['body', 'scenarios', 0, 'scores', 'exact']);
    const negative = await upload([{ row_index: -1, output: 'a' }]);
    expect(negative.body.detail[0].loc).toEqual(['body', 'scenarios', 0, 'row_index']);
    expect((await upload([])).status).toBe(422);
    const unknownTestset = await server.client.post('/evaluations/upload', {
      app_id: appId, testset_id: '00000000-0000-4000-8000-000000000000', scenarios: [{ row_index: 0, output: 'a' }],
    });
    expect(unknownTestset).toMatchObject({ status: 404, body: { detail: 'testset 00000000-0000-4000-8000-000000000000 not found' } });
    // Nothing of the refused uploads was stored.
    const listed = await server.client.get(`/evaluations?app_id=${appId}`);
    expect(listed.body).toHaveLength(5);

    // With a second variant, which one the task stands for must be said.
    await server.client.post(`/apps/${appId}/variant/from-service`, { variant_name: 'agent-2', url: 'http://127.0.0.1:9', parameters: {} });
    const unnamed = await upload([{ row_index: 0, output: 'a' }]);
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'variant_id'], msg: expect.stringContaining('several variants') })]);
    await expect(evaluate({ app: appName, testset: testsetName, task: goodAgent })).rejects.toThrow(/answered 422: body\.variant_id: .*several variants/);
  });
});
