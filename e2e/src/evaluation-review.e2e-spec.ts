import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';
import { CAPITALS, EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import {
  QUICK_RATE_LIMIT, createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal,
} from './support/evaluation-fixtures';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy';

/** Compare (§11), re-run failed rows, export, and trying an evaluator, over the example service and the mock LLM. */
describe('reviewing evaluations', () => {
  let api: RunningApi;
  let client: HttpClient;
  let example: ExampleStack;
  let proxy: FaultyProxy;
  let setup: Awaited<ReturnType<typeof registerServiceWithTwoRevisions>>;
  let configs: Array<{ id: string; evaluator_key: string }>;
  let testsetId: string;
  let exactId: string;
  let hedgingId: string;

  const evaluate = async (revisionIds: string[], testset = testsetId) => {
    const created = await client.post('/evaluations', {
      app_id: setup.app.app_id, revisions_ids: revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testset, rate_limit: QUICK_RATE_LIMIT, correct_answer_column: 'correct_answer',
    });
    expect(created.status).toBe(200);
    await Promise.all(created.body.map((e: { id: string }) => waitForTerminal(client, e.id)));
    return created.body.map((e: { id: string }) => e.id) as string[];
  };

  beforeAll(async () => {
    api = await startApi('pglite');
    client = api.client;
    example = await startCompletionExample();
    // Rows asking for Rome or Oslo fail while the proxy is broken.
    proxy = await startFaultyProxy(example.service.url, (body) => ['Rome', 'Oslo'].includes(String(body.inputs?.input)));
    setup = await registerServiceWithTwoRevisions(client, {
      appName: 'review', serviceUrl: proxy.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    configs = await createEvaluatorConfigs(client, setup.app.app_id);
    testsetId = (await client.post('/testsets', { name: 'capitals', csvdata: capitalRows() })).body.id;
    [exactId, hedgingId] = await evaluate(setup.revisionIds);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await example?.close();
  });

  const metric = (body: any, key: string) => body.metrics.find((m: any) => m.evaluator_config?.evaluator_key === key);

  it('compares two revisions: means with intervals, the paired difference, McNemar p and a verdict', async () => {
    const response = await client.get(`/evaluations/compare?evaluations_ids=${exactId},${hedgingId}`);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      baseline_evaluation_id: exactId, confidence_level: 0.95, significance_level: 0.05, bootstrap_resamples: 2000,
      evaluations: [{ id: exactId, revision: 1 }, { id: hedgingId, revision: 2 }],
    });
    expect(body.metrics.map((m: any) => m.metric)).toEqual(['evaluator', 'evaluator', 'evaluator', 'cost', 'latency']);
    // Rome and Oslo failed on both sides: 8 paired rows, 2 left out and counted.
    const exact = metric(body, 'auto_exact_match');
    expect(exact).toMatchObject({ value_type: 'bool', higher_is_better: true });
    expect(exact.evaluations).toEqual([
      { evaluation_id: exactId, n: 8, errored_rows: 2, mean: 1, ci_low: 1, ci_high: 1 },
      { evaluation_id: hedgingId, n: 8, errored_rows: 2, mean: 0, ci_low: 0, ci_high: 0 },
    ]);
    // 8 discordant pairs all one way: exact McNemar p = 2 · 0.5^8.
    expect(exact.comparisons).toEqual([{
      evaluation_id: hedgingId, baseline_evaluation_id: exactId, n: 8, excluded_rows: 2, difference: -1, ci_low: -1, ci_high: -1,
      p_value: expect.closeTo(0.0078125, 12), test: 'mcnemar_exact', verdict: 'worse',
    }]);
    // "maybe Paris" still shares half its words with "Paris": no difference on similarity.
    expect(metric(body, 'auto_similarity_match').comparisons[0]).toMatchObject({ difference: 0, p_value: 1, verdict: 'no_significant_difference' });
    const cost = body.metrics.find((m: any) => m.metric === 'cost');
    expect(cost).toMatchObject({ value_type: 'number', higher_is_better: false, evaluator_config: null });
    expect(cost.comparisons[0]).toMatchObject({ n: 8, test: 'wilcoxon_exact' });
    expect(cost.evaluations[0].ci_low).toBeLessThanOrEqual(cost.evaluations[0].mean);

    const reversed = (await client.get(`/evaluations/compare?evaluations_ids=${hedgingId},${exactId}`)).body;
    expect(metric(reversed, 'auto_exact_match').comparisons[0]).toMatchObject({ difference: 1, verdict: 'better' });
    // Fixed seed: the same question answers the same numbers.
    expect((await client.get(`/evaluations/compare?evaluations_ids=${exactId},${hedgingId}`)).body).toEqual(body);
  });

  it('refuses a comparison it cannot make, with a reason', async () => {
    expect((await client.get(`/evaluations/compare?evaluations_ids=${exactId}`))).toMatchObject({
      status: 422, body: { detail: [{ loc: ['query', 'evaluations_ids'] }] },
    });
    expect((await client.get('/evaluations/compare?evaluations_ids=nope,also')).status).toBe(422);
    expect((await client.get('/evaluations/compare')).status).toBe(422);
    expect((await client.get(`/evaluations/compare?evaluations_ids=${exactId},${randomUUID()}`)).status).toBe(404);
    const other = client.withKey((await client.post('/projects', { name: 'review-other' })).body.api_key.key);
    expect((await other.get(`/evaluations/compare?evaluations_ids=${exactId},${hedgingId}`)).status).toBe(404);
    const otherTestset = (await client.post('/testsets', { name: 'other', csvdata: capitalRows(2) })).body.id;
    const [elsewhere] = await evaluate([setup.revisionIds[0]!], otherTestset);
    const mixed = await client.get(`/evaluations/compare?evaluations_ids=${exactId},${elsewhere}`);
    expect(mixed).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/one test set/) } });
  });

  it('re-runs only the failed rows as a new evaluation, keeping the rest', async () => {
    const before = (await client.get(`/evaluations/${exactId}/evaluation_scenarios`)).body;
    expect(before.filter((s: any) => s.error).map((s: any) => s.inputs.find((i: any) => i.name === 'input').value)).toEqual(['Rome', 'Oslo']);
    proxy.setBroken(false);
    const callsBefore = example.mock.stats().chatCompletions;
    const rerun = await client.post(`/evaluations/${exactId}/rerun`);
    expect(rerun.status).toBe(200);
    expect(rerun.body).toMatchObject({ variant_revision_ids: [setup.revisionIds[0]], testset_id: testsetId });
    expect(rerun.body.id).not.toBe(exactId);
    expect((await waitForTerminal(client, rerun.body.id)).status.value).toBe('EVALUATION_FINISHED');
    expect(example.mock.stats().chatCompletions - callsBefore).toBe(2);
    const after = (await client.get(`/evaluations/${rerun.body.id}/evaluation_scenarios`)).body;
    expect(after).toHaveLength(CAPITALS.length);
    expect(after.filter((s: any) => s.error)).toEqual([]);
    const kept = before.filter((s: any) => !s.error);
    for (const scenario of kept) {
      expect(after.find((s: any) => s.row_index === scenario.row_index)).toMatchObject({ output: scenario.output, latency: scenario.latency });
    }
    const score = (await client.get(`/evaluations/${rerun.body.id}`)).body.aggregated_results[0].result;
    expect(score).toEqual({ type: 'number', value: 1 });
    // The original is finished and stays as it was.
    expect((await client.get(`/evaluations/${exactId}/status`)).body.status.value).toBe('EVALUATION_FINISHED_WITH_ERRORS');

    expect((await client.post(`/evaluations/${rerun.body.id}/rerun`))).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/no failed rows/) } });
    expect((await client.post(`/evaluations/${randomUUID()}/rerun`)).status).toBe(404);
    expect((await client.post(`/evaluations/${hedgingId}/rerun`, { rate_limit: { batch_size: 0 } })).status).toBe(422);
  });

  it('exports the rows as CSV with formula-looking cells defused, and as JSON, streamed', async () => {
    const risky = (await client.post('/testsets', {
      name: 'risky', csvdata: [
        { input: '=HYPERLINK("http://x")', correct_answer: '=HYPERLINK("http://x")' },
        { input: '@SUM(A1)', correct_answer: 'x' },
        { input: 'plain, with comma', correct_answer: 'plain, with comma' },
      ],
    })).body.id;
    const [id] = await evaluate([setup.revisionIds[0]!], risky);
    const csv = await client.get(`/evaluations/${id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="evaluation-${id}.csv"`);
    const records: Array<Record<string, string>> = parse(csv.body as string, { columns: true });
    expect(Object.keys(records[0]!)).toEqual([
      'row_index', 'input', 'correct_answer', 'output', 'exact', 'similar', 'has-capital-word', 'latency', 'cost', 'error',
    ]);
    expect(records.map((r) => [r.row_index, r.input, r.output, r.exact])).toEqual([
      ['0', '\'=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")', 'true'],
      ['1', '\'@SUM(A1)', '\'@SUM(A1)', 'false'],
      ['2', 'plain, with comma', 'plain, with comma', 'true'],
    ]);
    expect(Number(records[0]!.cost)).toBeGreaterThan(0);

    const json = await client.get(`/evaluations/${id}/export`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body).toEqual((await client.get(`/evaluations/${id}/evaluation_scenarios`)).body);
    expect((await client.get(`/evaluations/${id}/export?format=xml`)).status).toBe(422);
    expect((await client.get(`/evaluations/${randomUUID()}/export?format=csv`)).status).toBe(404);
  });

  it('tries an evaluator on a sample before saving it', async () => {
    const run = (key: string, body: unknown) => client.post(`/evaluators/${key}/run`, body);
    expect(await run('auto_regex_test', { settings_values: { regex_pattern: '^Par', regex_should_match: true }, output: 'Paris' }))
      .toMatchObject({ status: 200, body: { result: { type: 'bool', value: true } } });
    expect((await run('auto_regex_test', { settings_values: { regex_pattern: '^Par', regex_should_match: true }, output: 'Rome' })).body)
      .toEqual({ result: { type: 'bool', value: false } });
    expect((await run('auto_exact_match', { output: 'Rome', correct_answer: 'Rome' })).body).toEqual({ result: { type: 'bool', value: true } });
    const bad = await run('auto_regex_test', { settings_values: { regex_pattern: '(' }, output: 'x' });
    expect(bad).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'settings_values', 'regex_pattern'] }] } });
    expect((await run('auto_regex_test', { settings_values: { regex_pattern: 'a' } })).status).toBe(422);
    expect((await run('no_such_evaluator', { output: 'x' })).status).toBe(404);
  });
});
