import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-mock-repetitions-0123';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const REPETITIONS = 5;

/** Each row's answer is sampled from its choices (the first is right): some rows always right, some a coin flip. */
const ROWS = [
  ['France', 'Paris | Paris | Paris'], ['Peru', 'Lima | Cusco'], ['Italy', 'Rome | Milan | Rome'], ['Japan', 'Tokyo | Osaka'],
  ['Chile', 'Santiago | Valparaiso | Santiago | Santiago'], ['Kenya', 'Nairobi | Mombasa'], ['Spain', 'Madrid | Madrid | Barcelona'],
  ['Egypt', 'Cairo | Giza | Alexandria'],
].map(([country, samples]) => ({ input: `Capital of ${country}?\nMOCK_SAMPLES: ${samples}`, correct_answer: samples!.split(' | ')[0]! }));

type Json = Record<string, any>;
type Scenario = { row_index: number; repetition: number; results: Array<{ evaluator_config: string; result: { type: string; value: unknown } }> };

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const sampleSd = (values: number[]) => Math.sqrt(values.reduce((sum, v) => sum + (v - mean(values)) ** 2, 0) / (values.length - 1));

/** Row index → the exact-match values (1/0) of its repetitions, from the stored scenarios. */
function exactByRow(scenarios: Scenario[], configId: string): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const scenario of scenarios) {
    const value = scenario.results.find((r) => r.evaluator_config === configId)!.result.value ? 1 : 0;
    rows.set(scenario.row_index, [...(rows.get(scenario.row_index) ?? []), value]);
  }
  return rows;
}

describe.each<Engine>(['pglite', 'postgres'])('evaluation repetitions on %s', (engine) => {
  let server: RunningApi;
  let mock: MockLlmServer;
  let dataDir: string;
  let restoreEnvironment = (): void => undefined;
  let app: Json;
  let revisionIds: string[];
  let testsetId: string;
  let exactId: string;

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-repetitions-'));
    restoreEnvironment = overrideEnvironment({
      OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}),
    });
    server = await startApi(engine, { dataDir, outbound: OUTBOUND });
    await ok(server.api.POST('/provider-connections', { body: { name: 'local', kind: 'openai_compatible', base_url: mock.url, api_key: MOCK_KEY } }));
    app = await ok(server.api.POST('/apps', { body: { app_name: `capitals-${engine}`, template_key: 'completion' } }));
    const ofVariant = { params: { path: { variant_id: app['variant']!.variant_id } } };
    const [first] = await ok(server.api.GET('/variants/{variant_id}/revisions', ofVariant));
    const prompt = (first!.parameters as Json)['prompt'];
    // Revision 1 decodes greedily (always the first choice); revision 2 samples at temperature 0.9.
    await ok(server.api.PUT('/variants/{variant_id}/parameters', { ...ofVariant, body: { parameters: { prompt: { ...prompt, llm_config: { ...prompt.llm_config, temperature: 0 } } } } }));
    await ok(server.api.PUT('/variants/{variant_id}/parameters', { ...ofVariant, body: { parameters: { prompt: { ...prompt, llm_config: { ...prompt.llm_config, temperature: 0.9 } } } } }));
    revisionIds = (await ok(server.api.GET('/variants/{variant_id}/revisions', ofVariant))).slice(-2).map((r) => r.id);
    testsetId = (await ok(server.api.POST('/testsets', { body: { name: `capitals-${engine}`, csvdata: ROWS, app_id: app['app_id'] } }))).id;
    exactId = (await ok(server.api.POST('/evaluators/configs', {
      body: { app_id: app['app_id'], name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
    }))).id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await mock?.close();
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnvironment();
  });

  const create = (repetitions: unknown) => answer(server.api.POST('/evaluations', {
    body: {
      app_id: app['app_id'], revisions_ids: revisionIds, evaluators_configs: [exactId], testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
      repetitions: repetitions as number,
    },
  }));

  it('refuses repetitions outside 1–20 with 422 naming repetitions', async () => {
    for (const bad of [0, 21, 2.5]) {
      const refused = await create(bad);
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'repetitions'] })]);
    }
  });

  it('runs each row 5 times, reports the within-row spread, and compares row means (§11 recomputed from the stored values)', async () => {
    const created = await create(REPETITIONS);
    expect(created.status).toBe(200);
    // Revision 2 is the greedy one, revision 3 the sampled one.
    const [greedy, sampled] = (created.body as Json[]).sort((a, b) => Number(a['revisions'][0]) - Number(b['revisions'][0]));
    expect(greedy!['repetitions']).toBe(REPETITIONS);
    for (const evaluation of [greedy!, sampled!]) await waitForTerminal(server.api, evaluation['id'], 120_000);
    const status = await ok(server.api.GET('/evaluations/{evaluation_id}/status', { params: { path: { evaluation_id: sampled!['id'] } } }));
    expect(status.progress).toMatchObject({ done: ROWS.length * REPETITIONS, total: ROWS.length * REPETITIONS });

    const scenariosOf = async (id: string) => await ok(server.api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', {
      params: { path: { evaluation_id: id } },
    })) as unknown as Scenario[];
    const [baseRows, sampledRows] = [exactByRow(await scenariosOf(greedy!['id']), exactId), exactByRow(await scenariosOf(sampled!['id']), exactId)];
    const sampledScenarios = await scenariosOf(sampled!['id']);
    expect(sampledScenarios.map((s) => [s.row_index, s.repetition])).toEqual(
      ROWS.flatMap((_, row) => Array.from({ length: REPETITIONS }, (__, r) => [row, r + 1])),
    );
    // Greedy decoding answers right every time; sampling disagrees with itself on some rows.
    expect([...baseRows.values()].every((values) => values.length === REPETITIONS && values.every((v) => v === 1))).toBe(true);
    expect([...sampledRows.values()].some((values) => new Set(values).size > 1)).toBe(true);

    // The row is the unit: each row's value is the mean of its repetitions.
    const rowIndexes = ROWS.map((_, i) => i);
    const baseMeans = rowIndexes.map((i) => mean(baseRows.get(i)!));
    const sampledMeans = rowIndexes.map((i) => mean(sampledRows.get(i)!));
    const differences = rowIndexes.map((i) => sampledMeans[i]! - baseMeans[i]!);
    const compared = await ok(server.api.GET('/evaluations/compare', { params: { query: { evaluations_ids: `${greedy!['id']},${sampled!['id']}` } } }));
    const exact = compared.metrics.find((m) => m.evaluator_config?.id === exactId)!;
    const [baseEstimate, sampledEstimate] = exact.evaluations;
    expect(baseEstimate).toMatchObject({ n: ROWS.length, errored_rows: 0, mean: 1, within_row_sd: 0 });
    expect(sampledEstimate!.n).toBe(ROWS.length);
    expect(sampledEstimate!.mean).toBeCloseTo(mean(sampledMeans), 12);
    expect(sampledEstimate!.within_row_sd).toBeCloseTo(mean(rowIndexes.map((i) => sampleSd(sampledRows.get(i)!))), 12);
    expect(sampledEstimate!.within_row_sd).toBeGreaterThan(0);
    const [comparison] = exact.comparisons;
    expect(comparison).toMatchObject({ n: ROWS.length, excluded_rows: 0 });
    expect(comparison!.difference).toBeCloseTo(mean(differences), 12);
    // Row shares are fractions, not 0/1: McNemar does not apply, the signed-rank test on the row differences does.
    expect(comparison!.test).toBe('wilcoxon_exact');

    // Row by row, each run of a row is a line: the n-th runs side by side.
    const sideBySide = await ok(server.api.GET('/evaluations/evaluation_scenarios/comparison-results', {
      params: { query: { evaluations_ids: `${greedy!['id']},${sampled!['id']}` } },
    }));
    expect(sideBySide.rows.map((row) => [row.row_index, row.repetition])).toEqual(sampledScenarios.map((s) => [s.row_index, s.repetition]));

    // The evaluation's own aggregate is the same mean of row means.
    const results = await ok(server.api.GET('/evaluations/{evaluation_id}/results', { params: { path: { evaluation_id: sampled!['id'] } } }));
    expect(results.results[0]!.result.value as number).toBeCloseTo(mean(sampledMeans), 12);
  }, 180_000);
});
