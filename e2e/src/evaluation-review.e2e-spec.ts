import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { ComparisonSlots } from '@crucible/application';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
// Raw client only for what the contract forbids: a comparison without ids, an incomplete rate limit, an unknown export format, a run without output.
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { CAPITALS, EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import {
  QUICK_RATE_LIMIT, createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal,
} from './support/evaluation-fixtures';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy';

/** Compare (§11), re-run failed rows, export, and trying an evaluator, over the example service and the mock LLM. */
describe('reviewing evaluations', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let example: ExampleStack;
  let proxy: FaultyProxy;
  let setup: Awaited<ReturnType<typeof registerServiceWithTwoRevisions>>;
  let configs: Array<{ id: string; evaluator_key: string }>;
  let testsetId: string;
  let exactId: string;
  let hedgingId: string;

  const evaluate = async (revisionIds: string[], testset = testsetId) => {
    const created = await api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: revisionIds, evaluators_configs: configs.map((c) => c.id),
        testset_id: testset, rate_limit: QUICK_RATE_LIMIT, correct_answer_column: 'correct_answer',
      },
    });
    expect(created.response.status).toBe(200);
    await Promise.all(created.data!.map((e) => waitForTerminal(api, e.id)));
    return created.data!.map((e) => e.id);
  };
  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });
  const scenariosOf = (id: string) => ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(id)));
  const compare = (ids: string, who = api) => answer(who.GET('/evaluations/compare', { params: { query: { evaluations_ids: ids } } }));

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    raw = server.client;
    example = await startCompletionExample();
    // Rows asking for Rome or Oslo fail while the proxy is broken.
    proxy = await startFaultyProxy(example.service.url, (body) => ['Rome', 'Oslo'].includes(String(body.inputs?.input)));
    setup = await registerServiceWithTwoRevisions(api, {
      appName: 'review', serviceUrl: proxy.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    configs = await createEvaluatorConfigs(api, setup.app.app_id);
    testsetId = (await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows() } }))).id;
    [exactId, hedgingId] = await evaluate(setup.revisionIds);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await example?.close();
  });

  const metric = (body: CrucibleSchemas['EvaluationComparisonDto_Output'], key: string) =>
    body.metrics.find((m) => m.evaluator_config?.evaluator_key === key)!;

  it('compares two revisions: means with intervals, the paired difference, McNemar p and a verdict', async () => {
    const response = await compare(`${exactId},${hedgingId}`);
    expect(response.status).toBe(200);
    const body: CrucibleSchemas['EvaluationComparisonDto_Output'] = response.body;
    expect(body).toMatchObject({
      baseline_evaluation_id: exactId, confidence_level: 0.95, significance_level: 0.05, bootstrap_resamples: 2000,
      evaluations: [{ id: exactId, revision: 1 }, { id: hedgingId, revision: 2 }],
    });
    expect(body.metrics.map((m) => m.metric)).toEqual(['evaluator', 'evaluator', 'evaluator', 'cost', 'latency']);
    // Rome and Oslo failed on both sides: 8 paired rows, 2 left out and counted.
    const exact = metric(body, 'auto_exact_match');
    expect(exact).toMatchObject({ value_type: 'bool', higher_is_better: true });
    expect(exact.evaluations).toEqual([
      // One repetition per row: no row has a spread.
      { evaluation_id: exactId, n: 8, errored_rows: 2, mean: 1, ci_low: 1, ci_high: 1, within_row_sd: null },
      { evaluation_id: hedgingId, n: 8, errored_rows: 2, mean: 0, ci_low: 0, ci_high: 0, within_row_sd: null },
    ]);
    // 8 discordant pairs all one way: exact McNemar p = 2 · 0.5^8.
    expect(exact.comparisons).toEqual([{
      evaluation_id: hedgingId, baseline_evaluation_id: exactId, n: 8, excluded_rows: 2, difference: -1, ci_low: -1, ci_high: -1,
      p_value: expect.closeTo(0.0078125, 12), test: 'mcnemar_exact', verdict: 'worse',
    }]);
    // "maybe Paris" still shares half its words with "Paris": no difference on similarity.
    expect(metric(body, 'auto_similarity_match').comparisons[0]).toMatchObject({ difference: 0, p_value: 1, verdict: 'no_significant_difference' });
    const cost = body.metrics.find((m) => m.metric === 'cost');
    expect(cost).toMatchObject({ value_type: 'number', higher_is_better: false, evaluator_config: null });
    expect(cost!.comparisons[0]).toMatchObject({ n: 8, test: 'wilcoxon_exact' });
    expect(cost!.evaluations[0]!.ci_low).toBeLessThanOrEqual(cost!.evaluations[0]!.mean!);

    const reversed = (await compare(`${hedgingId},${exactId}`)).body;
    expect(metric(reversed, 'auto_exact_match').comparisons[0]).toMatchObject({ difference: 1, verdict: 'better' });
    // Fixed seed: the same question answers the same numbers.
    expect((await compare(`${exactId},${hedgingId}`)).body).toEqual(body);
  });

  it('refuses a comparison it cannot make, with a reason', async () => {
    expect(await compare(exactId)).toMatchObject({
      status: 422, body: { detail: [{ loc: ['query', 'evaluations_ids'] }] },
    });
    expect((await compare('nope,also')).status).toBe(422);
    expect((await raw.get('/evaluations/compare')).status).toBe(422);
    expect((await compare(`${exactId},${randomUUID()}`)).status).toBe(404);
    const other = server.withKey((await ok(api.POST('/projects', { body: { name: 'review-other' } }))).api_key!.key);
    expect((await compare(`${exactId},${hedgingId}`, other)).status).toBe(404);
    const otherTestset = (await ok(api.POST('/testsets', { body: { name: 'other', csvdata: capitalRows(2) } }))).id;
    const [elsewhere] = await evaluate([setup.revisionIds[0]!], otherTestset);
    const mixed = await compare(`${exactId},${elsewhere}`);
    expect(mixed).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/one test set/) } });
  });

  it('computes at most CRUCIBLE_MAX_CONCURRENT_COMPARISONS at once: past it 429 with Retry-After, while finished ones answer from the cache', async () => {
    const [third] = await evaluate([setup.revisionIds[1]!]);
    const slots = server.app.get(ComparisonSlots);
    expect(slots.max).toBe(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Comparisons that take as long as the test wants: every slot of the process is busy.
    const running = Array.from({ length: slots.max }, () => slots.run(() => held));
    const refused = await compare(`${exactId},${third}`);
    expect(refused).toMatchObject({ status: 429, body: { detail: expect.stringMatching(/CRUCIBLE_MAX_CONCURRENT_COMPARISONS/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Compared before (the first test): answered from the cache, whatever is running.
    expect((await compare(`${exactId},${hedgingId}`)).status).toBe(200);
    release();
    await Promise.all(running);
    expect((await compare(`${exactId},${third}`)).status).toBe(200);
  });

  it('re-runs only the failed rows as a new evaluation, keeping the rest', async () => {
    const before = await scenariosOf(exactId);
    expect(before.filter((s) => s.error).map((s) => s.inputs.find((i) => i.name === 'input')!.value)).toEqual(['Rome', 'Oslo']);
    proxy.setBroken(false);
    const callsBefore = example.mock.stats().chatCompletions;
    const rerunOf = (id: string) => answer(api.POST('/evaluations/{evaluation_id}/rerun', { ...ofEvaluation(id), body: {} }));
    const rerun = await rerunOf(exactId);
    expect(rerun.status).toBe(200);
    expect(rerun.body).toMatchObject({ variant_revision_ids: [setup.revisionIds[0]], testset_id: testsetId });
    const rerunId: string = rerun.body.id;
    expect(rerunId).not.toBe(exactId);
    expect((await waitForTerminal(api, rerunId)).status.value).toBe('EVALUATION_FINISHED');
    expect(example.mock.stats().chatCompletions - callsBefore).toBe(2);
    const after = await scenariosOf(rerunId);
    expect(after).toHaveLength(CAPITALS.length);
    expect(after.filter((s) => s.error)).toEqual([]);
    const kept = before.filter((s) => !s.error);
    for (const scenario of kept) {
      expect(after.find((s) => s.row_index === scenario.row_index)).toMatchObject({ output: scenario.output, latency: scenario.latency });
    }
    const score = (await ok(api.GET('/evaluations/{evaluation_id}', ofEvaluation(rerunId)))).aggregated_results[0]!.result;
    expect(score).toEqual({ type: 'number', value: 1 });
    // The original is finished and stays as it was.
    expect((await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(exactId)))).status.value).toBe('EVALUATION_FINISHED_WITH_ERRORS');

    expect(await rerunOf(rerunId)).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/no failed rows/) } });
    expect((await rerunOf(randomUUID())).status).toBe(404);
    expect((await raw.post(`/evaluations/${hedgingId}/rerun`, { rate_limit: { batch_size: 0 } })).status).toBe(422);
  });

  it('exports the rows as CSV with formula-looking cells defused, and as JSON, streamed', async () => {
    const risky = (await ok(api.POST('/testsets', {
      body: {
        name: 'risky', csvdata: [
          { input: '=HYPERLINK("http://x")', correct_answer: '=HYPERLINK("http://x")' },
          { input: '@SUM(A1)', correct_answer: 'x' },
          { input: 'plain, with comma', correct_answer: 'plain, with comma' },
        ],
      },
    }))).id;
    const [id] = await evaluate([setup.revisionIds[0]!], risky);
    const exportOf = (evaluationId: string, format?: 'json' | 'csv') =>
      api.GET('/evaluations/{evaluation_id}/export', { params: { path: { evaluation_id: evaluationId }, query: { format } } });
    const csv = await api.GET('/evaluations/{evaluation_id}/export', {
      params: { path: { evaluation_id: id! }, query: { format: 'csv' } }, parseAs: 'text',
    });
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.response.headers.get('content-disposition')).toBe(`attachment; filename="evaluation-${id}.csv"`);
    const records: Array<Record<string, string>> = parse(csv.data!, { columns: true });
    expect(Object.keys(records[0]!)).toEqual([
      'row_index', 'repetition', 'input', 'correct_answer', 'output', 'exact', 'similar', 'has-capital-word', 'latency', 'cost', 'error',
    ]);
    expect(records.map((r) => [r.row_index, r.input, r.output, r.exact])).toEqual([
      ['0', '\'=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")', 'true'],
      ['1', '\'@SUM(A1)', '\'@SUM(A1)', 'false'],
      ['2', 'plain, with comma', 'plain, with comma', 'true'],
    ]);
    expect(Number(records[0]!.cost)).toBeGreaterThan(0);

    const json = await exportOf(id!);
    expect(json.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.data).toEqual(await scenariosOf(id!));
    expect((await raw.get(`/evaluations/${id}/export?format=xml`)).status).toBe(422);
    expect((await exportOf(randomUUID(), 'csv')).response.status).toBe(404);
  });

  it('tries an evaluator on a sample before saving it', async () => {
    const run = (key: string, body: CrucibleSchemas['RunEvaluatorDto']) =>
      answer(api.POST('/evaluators/{evaluator_key}/run', { params: { path: { evaluator_key: key } }, body }));
    expect(await run('auto_regex_test', { settings_values: { regex_pattern: '^Par', regex_should_match: true }, output: 'Paris' }))
      .toMatchObject({ status: 200, body: { result: { type: 'bool', value: true } } });
    expect((await run('auto_regex_test', { settings_values: { regex_pattern: '^Par', regex_should_match: true }, output: 'Rome' })).body)
      .toEqual({ result: { type: 'bool', value: false } });
    expect((await run('auto_exact_match', { output: 'Rome', correct_answer: 'Rome' })).body).toEqual({ result: { type: 'bool', value: true } });
    const bad = await run('auto_regex_test', { settings_values: { regex_pattern: '(' }, output: 'x' });
    expect(bad).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'settings_values', 'regex_pattern'] }] } });
    expect((await raw.post('/evaluators/auto_regex_test/run', { settings_values: { regex_pattern: 'a' } })).status).toBe(422);
    expect((await run('no_such_evaluator', { output: 'x' })).status).toBe(404);
  });
});
