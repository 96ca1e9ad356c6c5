import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { cliEnvironment, runCli } from './support/crucible-cli';
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { QUICK_RATE_LIMIT, TERMINAL, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';

type Comparison = CrucibleSchemas['EvaluationComparisonDto_Output'];

/**
 * Issue 44, test-set versions: a test set edited between (and during) two evaluations. Each evaluation pins the
 * version it was created on and runs on its rows; compare refuses the two unless told, and then pairs the rows both
 * versions share by content.
 */
describe.each<Engine>(['pglite', 'postgres'])('test-set versions on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let example: ExampleStack;
  let testsetId: string;
  let before: string;
  let after: string;
  let statusWhileEdited: unknown;

  const [paris, berlin, madrid, rome, lisbon] = capitalRows(5);
  const version1 = [paris!, berlin!, madrid!, rome!];
  // Rows moved, Madrid's ground truth changed in place, Lisbon added: Paris, Berlin and Rome are shared.
  const version2 = [rome!, berlin!, { input: 'Madrid', correct_answer: 'Madrid, Spain' }, paris!, lisbon!];
  const testset = () => ({ params: { path: { testset_id: testsetId } } });
  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });
  const compare = (query: { evaluations_ids: string; allow_different_versions?: 'true' | 'false' }) =>
    answer(api.GET('/evaluations/compare', { params: { query } }));

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    raw = server.client;
    example = await startCompletionExample();
    const setup = await registerServiceWithTwoRevisions(api, {
      appName: `versions-${engine}`, serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    const exact = await ok(api.POST('/evaluators/configs', {
      body: { app_id: setup.app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
    }));
    testsetId = (await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: version1, app_id: setup.app.app_id } }))).id;
    const evaluate = async (rateLimit: typeof QUICK_RATE_LIMIT) => (await ok(api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs: [exact.id], testset_id: testsetId,
        rate_limit: rateLimit, correct_answer_column: 'correct_answer',
      },
    })))[0]!.id;
    // One row a second: the evaluation is still running when the test set changes under it.
    before = await evaluate({ ...QUICK_RATE_LIMIT, batch_size: 1, delay_between_batches: 1 });
    await ok(api.PUT('/testsets/{testset_id}', { ...testset(), body: { csvdata: version2 } }));
    statusWhileEdited = (await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(before)))).status.value;
    await waitForTerminal(api, before);
    after = await evaluate(QUICK_RATE_LIMIT);
    await waitForTerminal(api, after);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it('pins each evaluation to the version it was created on, and runs it on those rows though the set changed meanwhile', async () => {
    expect(TERMINAL).not.toContain(statusWhileEdited);
    const [first, second] = [await ok(api.GET('/evaluations/{evaluation_id}', ofEvaluation(before))), await ok(api.GET('/evaluations/{evaluation_id}', ofEvaluation(after)))];
    expect([first.testset_version, second.testset_version]).toEqual([1, 2]);
    expect(first.status.value).toBe('EVALUATION_FINISHED');
    const inputsOf = async (id: string) => (await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(id))))
      .map((scenario) => [scenario.inputs[0]?.value, scenario.correct_answer]);
    expect(await inputsOf(before)).toEqual(version1.map((row) => [row.input, row.correct_answer]));
    expect(await inputsOf(after)).toEqual(version2.map((row) => [row.input, row.correct_answer]));
  });

  it('refuses to compare evaluations of different versions by default, naming both', async () => {
    const refused = await compare({ evaluations_ids: `${before},${after}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/version 1 .*version 2.*allow_different_versions=true/) });
    expect((await compare({ evaluations_ids: `${before},${after}`, allow_different_versions: 'false' })).status).toBe(409);
    const rowByRow = await answer(api.GET('/evaluations/evaluation_scenarios/comparison-results', { params: { query: { evaluations_ids: `${before},${after}` } } }));
    expect(rowByRow.status).toBe(409);
  });

  it('with allow_different_versions, compares the rows both versions share, matched by content', async () => {
    const response = await compare({ evaluations_ids: `${before},${after}`, allow_different_versions: 'true' });
    expect(response.status).toBe(200);
    expect((response.body as Comparison).evaluations.map((e) => e.testset_version)).toEqual([1, 2]);
    const exact = (response.body as Comparison).metrics.find((m) => m.evaluator_config?.evaluator_key === 'auto_exact_match')!;
    // Paired by index, Madrid (right in version 1, wrong against "Madrid, Spain" in version 2) would make a difference;
    // paired by content only Paris, Berlin and Rome count, each right on both sides.
    expect(exact.comparisons).toEqual([expect.objectContaining({ n: 3, excluded_rows: 0, difference: 0, verdict: 'no_significant_difference' })]);
    expect(exact.evaluations.map((e) => [e.n, e.mean])).toEqual([[3, 1], [3, 1]]);
  });

  it('passes allow_different_versions through the CLI\'s compare', async () => {
    const work = mkdtempSync(join(tmpdir(), 'crucible-versions-'));
    const env = { ...cliEnvironment(work), CRUCIBLE_HOST: server.baseUrl, CRUCIBLE_API_KEY: server.apiKey };
    const refused = await runCli(['eval', 'compare', before, after], { cwd: work, env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/version 1 .*version 2/);
    const compared = await runCli(['eval', 'compare', before, after, '--allow-different-versions', '--json'], { cwd: work, env });
    expect(compared.code).toBe(0);
    const exact = (JSON.parse(compared.stdout) as Comparison).metrics.find((m) => m.evaluator_config?.evaluator_key === 'auto_exact_match')!;
    expect(exact.comparisons[0]).toMatchObject({ n: 3, difference: 0 });
  });

  it('keeps every version readable, lists them, and diffs two', async () => {
    expect(await ok(api.GET('/testsets/{testset_id}', testset()))).toMatchObject({ version: 2, csvdata: version2 });
    const old = await ok(api.GET('/testsets/{testset_id}', { params: { path: { testset_id: testsetId }, query: { version: 1 } } }));
    expect(old).toMatchObject({ version: 1, columns: ['input', 'correct_answer'], csvdata: version1 });
    expect((await ok(api.GET('/testsets'))).find((t) => t.id === testsetId)).toMatchObject({ version: 2, rows_count: 5 });

    const versions = await ok(api.GET('/testsets/{testset_id}/versions', testset()));
    expect(versions).toEqual([
      { testset_id: testsetId, version: 1, columns: ['input', 'correct_answer'], rows_count: 4, change: 'created', created_by: expect.any(String), created_at: expect.any(String) },
      { testset_id: testsetId, version: 2, columns: ['input', 'correct_answer'], rows_count: 5, change: 'rows_replaced', created_by: expect.any(String), created_at: expect.any(String) },
    ]);
    const paged = await answer(api.GET('/testsets/{testset_id}/versions', { params: { path: { testset_id: testsetId }, query: { limit: 1 } } }));
    expect(paged.body).toEqual([versions[0]]);
    expect(paged.headers.get('link')).toMatch(/rel="next"/);

    const diff = await ok(api.GET('/testsets/{testset_id}/diff', { params: { path: { testset_id: testsetId }, query: { from: 1, to: 2 } } }));
    expect(diff).toEqual({
      from: 1, to: 2, unchanged_count: 3, removed: [],
      added: [{ index: 4, row: lisbon }],
      changed: [{ from_index: 2, to_index: 2, from: madrid, to: { input: 'Madrid', correct_answer: 'Madrid, Spain' } }],
    });
    // A rename alone keeps the version: the rows did not change.
    await ok(api.PUT('/testsets/{testset_id}', { ...testset(), body: { name: 'capitals renamed' } }));
    expect(await ok(api.GET('/testsets/{testset_id}', testset()))).toMatchObject({ name: 'capitals renamed', version: 2 });
  });

  it('answers 404 naming the versions there are for an unknown version, and 422 for one that is not a number', async () => {
    const unknown = await answer(api.GET('/testsets/{testset_id}', { params: { path: { testset_id: testsetId }, query: { version: 3 } } }));
    expect(unknown).toMatchObject({ status: 404, body: { detail: `testset ${testsetId} has no version 3; its versions are 1 to 2` } });
    const diff = await answer(api.GET('/testsets/{testset_id}/diff', { params: { path: { testset_id: testsetId }, query: { from: 1, to: 7 } } }));
    expect(diff).toMatchObject({ status: 404, body: { detail: expect.stringContaining('has no version 7') } });
    expect((await raw.get(`/testsets/${testsetId}?version=latest`)).status).toBe(422);
    expect((await raw.get(`/testsets/${testsetId}?version=0`)).status).toBe(422);
    expect((await raw.get(`/testsets/${testsetId}/diff?from=1`)).status).toBe(422);
  });
});
