import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
// Raw client only for what the contract forbids: a limit that is not a number, a creation missing its fields.
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { CAPITALS, EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import {
  QUICK_RATE_LIMIT, createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal,
} from './support/evaluation-fixtures';

type Evaluation = CrucibleSchemas['EvaluationDto_Output'];

const EVALUATION_FIELDS = [
  'id', 'app_id', 'project_id', 'variant_ids', 'variant_names', 'variant_revision_ids', 'revisions', 'testset_id',
  'testset_name', 'testset_version', 'repetitions', 'source', 'status', 'aggregated_results', 'average_cost', 'total_cost', 'average_latency', 'created_at',
  'updated_at',
];

describe('evaluations, embedded (PGlite, in-process runner)', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let example: ExampleStack;
  let setup: Awaited<ReturnType<typeof registerServiceWithTwoRevisions>>;
  let configs: Array<{ id: string; evaluator_key: string }>;
  let testsetId: string;
  let created: Evaluation[];

  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    raw = server.client;
    example = await startCompletionExample();
    setup = await registerServiceWithTwoRevisions(api, {
      appName: 'capitals', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    configs = await createEvaluatorConfigs(api, setup.app.app_id);
    const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows(), app_id: setup.app.app_id } }));
    testsetId = testset.id;
    const response = await api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
        testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT, correct_answer_column: 'correct_answer',
      },
    });
    expect(response.response.status).toBe(200);
    created = response.data!;
    await Promise.all(created.map((evaluation) => waitForTerminal(api, evaluation.id)));
    // Boots PGlite and runs two evaluations to the end: on a loaded 2-core box that takes longer than one test.
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it('creates one INITIALIZED evaluation per revision, pinned to it (op 2)', () => {
    expect(created).toHaveLength(2);
    for (const [index, evaluation] of created.entries()) {
      expect(Object.keys(evaluation).sort()).toEqual(expect.arrayContaining(EVALUATION_FIELDS.filter((f) => !f.startsWith('average') && f !== 'total_cost')));
      expect(evaluation).toMatchObject({
        app_id: setup.app.app_id, variant_ids: [setup.variant.variant_id], variant_names: ['completion'],
        variant_revision_ids: [setup.revisionIds[index]], revisions: [String(index + 1)], testset_id: testsetId,
        testset_name: 'capitals', status: { type: 'status', value: 'EVALUATION_INITIALIZED' }, aggregated_results: [],
      });
    }
  });

  it('lists both finished evaluations with aggregated results, cost and latency (op 1)', async () => {
    const listed = await api.GET('/evaluations', { params: { query: { app_id: setup.app.app_id } } });
    expect(listed.response.status).toBe(200);
    const evaluations = listed.data!;
    expect(evaluations).toHaveLength(2);
    const byRevision = Object.fromEntries(evaluations.map((e) => [e.revisions[0], e]));
    for (const evaluation of evaluations) {
      expect(Object.keys(evaluation).sort()).toEqual([...EVALUATION_FIELDS].sort());
      expect(evaluation.status).toEqual({ type: 'status', value: 'EVALUATION_FINISHED' });
      expect(evaluation.aggregated_results).toHaveLength(3);
      expect(evaluation.average_cost).toMatchObject({ type: 'cost', value: expect.any(Number) });
      expect(evaluation.average_cost!.value).toBeGreaterThan(0);
      expect(evaluation.total_cost!.value).toBeCloseTo((evaluation.average_cost!.value as number) * CAPITALS.length, 12);
      expect(evaluation.average_latency).toMatchObject({ type: 'latency', value: expect.any(Number) });
      expect(evaluation.average_latency!.value).toBeGreaterThan(0);
      expect(evaluation.aggregated_results[0]!.evaluator_config).toMatchObject({
        id: configs[0]!.id, name: 'exact', evaluator_key: 'auto_exact_match', project_id: setup.app.project_id,
      });
    }
    const score = (evaluation: Evaluation | undefined, key: string) =>
      evaluation!.aggregated_results.find((a) => a.evaluator_config.evaluator_key === key)!.result;
    expect(score(byRevision['1'], 'auto_exact_match')).toEqual({ type: 'number', value: 1 });
    expect(score(byRevision['1'], 'auto_regex_test')).toEqual({ type: 'number', value: 1 });
    expect(score(byRevision['2'], 'auto_exact_match')).toEqual({ type: 'number', value: 0 });
    expect(score(byRevision['2'], 'auto_regex_test')).toEqual({ type: 'number', value: 0 });
    expect(score(byRevision['2'], 'auto_similarity_match')).toEqual({ type: 'number', value: 1 });
    const all = await ok(api.GET('/evaluations'));
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining(created.map((e) => e.id)));
  });

  it('pages the list with limit and an opaque cursor in Link (ARCHITECTURE §10), and answers 304 to its ETag', async () => {
    const list = (query: { app_id?: string; limit?: number; cursor?: string }) => api.GET('/evaluations', { params: { query } });
    const whole = await list({ app_id: setup.app.app_id });
    expect(whole.response.headers.get('link')).toBeNull();
    const first = await list({ app_id: setup.app.app_id, limit: 1 });
    expect(first.data).toHaveLength(1);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.response.headers.get('link') ?? '')?.[1];
    expect(next).toContain(`app_id=${setup.app.app_id}`);
    // The link is followed as given: same path, its query string sent verbatim.
    const linked = new URL(next!, server.baseUrl);
    expect(linked.pathname).toBe('/evaluations');
    const second = await api.GET('/evaluations', { querySerializer: () => linked.search });
    expect(second.data).toHaveLength(1);
    expect(second.response.headers.get('link')).toBeNull();
    expect([...first.data!, ...second.data!]).toEqual(whole.data);
    const refusals = [
      await answer(list({ limit: 0 })), await answer(list({ limit: 1001 })), await raw.get('/evaluations?limit=two'),
      await answer(list({ cursor: 'bogus' })),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc[0]).toBe('query');
    }
    // fetch adds "cache-control: no-cache" to a conditional request, which rightly defeats it: ask with node:http.
    const conditional = await new Promise<number | undefined>((resolve, reject) => {
      get(`${server.baseUrl}/evaluations?app_id=${setup.app.app_id}`, {
        headers: { authorization: `ApiKey ${server.apiKey}`, 'if-none-match': whole.response.headers.get('etag')! },
      }, (response) => resolve(response.resume().statusCode)).on('error', reject);
    });
    expect(conditional).toBe(304);
  });

  it('shows status with progress, results, and every scenario with each evaluator result', async () => {
    const [first] = created;
    expect((await api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(first!.id))).data).toMatchObject({
      status: { value: 'EVALUATION_FINISHED' }, progress: { done: CAPITALS.length, total: CAPITALS.length },
    });
    expect((await ok(api.GET('/evaluations/{evaluation_id}/results', ofEvaluation(first!.id)))).results).toHaveLength(3);
    const scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(first!.id)));
    expect(scenarios).toHaveLength(CAPITALS.length);
    expect(scenarios[0]).toMatchObject({
      row_index: 0, inputs: [{ name: 'input', type: 'string', value: 'Paris' }], output: 'Paris', correct_answer: 'Paris', error: null,
      latency: expect.any(Number), cost: expect.any(Number),
      outputs: [{ result: { type: 'text', value: 'Paris' }, latency: expect.any(Number), cost: expect.any(Number) }],
      correct_answers: [{ key: 'correct_answer', value: 'Paris' }],
    });
    expect(scenarios[0]!.results.map((r) => r.result)).toEqual([
      { type: 'bool', value: true }, { type: 'bool', value: true }, { type: 'bool', value: true },
    ]);
  });

  it('compares the two evaluations row by row', async () => {
    const compare = (ids: string) => api.GET('/evaluations/evaluation_scenarios/comparison-results', { params: { query: { evaluations_ids: ids } } });
    const comparison = await compare(created.map((e) => e.id).join(','));
    expect(comparison.response.status).toBe(200);
    expect(comparison.data!.rows).toHaveLength(CAPITALS.length);
    expect(comparison.data!.rows[1]!.variants.map((v) => v.output)).toEqual(['Berlin', 'maybe Berlin']);
    expect((await compare('nope')).response.status).toBe(422);
  });

  it('refuses bad creations: 404 unknown, 400 foreign revision, 422 bad rate limit', async () => {
    const base = {
      app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
    };
    const evaluate = (body: CrucibleSchemas['CreateEvaluationDto'], who = api) => answer(who.POST('/evaluations', { body }));
    expect((await evaluate({ ...base, testset_id: randomUUID() })).status).toBe(404);
    expect((await evaluate({ ...base, evaluators_configs: [randomUUID()] })).status).toBe(404);
    expect((await evaluate({ ...base, revisions_ids: [randomUUID()] })).status).toBe(404);
    expect((await evaluate({ ...base, app_id: randomUUID() })).status).toBe(404);
    const otherApp = await registerServiceWithTwoRevisions(api, { appName: 'other-app', serviceUrl: example.service.url, first: {}, second: {} });
    expect((await evaluate({ ...base, revisions_ids: [otherApp.revisionIds[0]!] })).status).toBe(400);
    const tooBig = await evaluate({ ...base, rate_limit: { ...QUICK_RATE_LIMIT, batch_size: 0, retry_delay: 601 } });
    expect(tooBig).toMatchObject({ status: 422 });
    expect(tooBig.body.detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['body', 'rate_limit', 'batch_size'], type: 'greater_than_equal' }),
      expect.objectContaining({ loc: ['body', 'rate_limit', 'retry_delay'], type: 'less_than_equal' }),
    ]));
    const missing = await raw.post('/evaluations', { app_id: setup.app.app_id });
    expect(missing.body.detail.map((d: any) => d.loc.join('.'))).toEqual(expect.arrayContaining([
      'body.revisions_ids', 'body.evaluators_configs', 'body.testset_id', 'body.rate_limit',
    ]));
    const other = server.withKey((await ok(api.POST('/projects', { body: { name: 'eval-other' } }))).api_key!.key);
    expect((await evaluate(base, other)).status).toBe(404);
    expect((await other.GET('/evaluations/{evaluation_id}', ofEvaluation(created[0]!.id))).response.status).toBe(404);
    expect((await other.GET('/evaluations')).data).toEqual([]);
  });

  it('answers 422 at the Idempotency-Key header when the key is unusable', async () => {
    const body = {
      app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
    };
    const refused = await answer(api.POST('/evaluations', { params: { header: { 'Idempotency-Key': 'k'.repeat(256) } }, body }));
    expect(refused).toMatchObject({
      status: 422, body: { detail: [{ loc: ['header', 'Idempotency-Key'], msg: 'must be 1 to 255 visible ASCII characters', type: 'value_error' }] },
    });
  });

  it('validates evaluator configs against the catalog', async () => {
    const catalog = await ok(api.GET('/evaluators'));
    expect(catalog.map((e) => e.key)).toEqual(expect.arrayContaining(['auto_exact_match', 'auto_ai_critique', 'auto_custom_code_run']));
    const bad = await answer(api.POST('/evaluators/configs', { body: { name: 'x', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '(' } } }));
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'settings_values', 'regex_pattern']);
    expect((await api.POST('/evaluators/configs', { body: { name: 'x', evaluator_key: 'no_such' } })).response.status).toBe(422);
    const updated = await api.PUT('/evaluators/configs/{config_id}', {
      params: { path: { config_id: configs[1]!.id } }, body: { settings_values: { similarity_threshold: 0.9 } },
    });
    expect(updated.data!.settings_values).toMatchObject({ similarity_threshold: 0.9 });
    expect((await api.GET('/evaluators/configs', { params: { query: { app_id: setup.app.app_id } } })).data).toHaveLength(3);
  });

  it('cancels only a running evaluation and deletes evaluations', async () => {
    const cancelFinished = await api.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(created[0]!.id));
    expect(cancelFinished.response.status).toBe(409);
    const [slow] = await ok(api.POST('/evaluations', {
      body: {
        app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs: [configs[0]!.id],
        testset_id: testsetId, rate_limit: { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 1 },
      },
    }));
    const cancelled = await answer(api.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(slow!.id)));
    expect(cancelled).toMatchObject({ status: 200, body: { status: { value: 'EVALUATION_CANCELLED' } } });
    const after = await waitForTerminal(api, slow!.id);
    expect(after.status.value).toBe('EVALUATION_CANCELLED');
    expect(after.progress.done).toBeLessThan(CAPITALS.length);
    const deleteEvaluations = (ids: string[]) => api.DELETE('/evaluations', { body: { evaluations_ids: ids } });
    expect((await deleteEvaluations([slow!.id])).data).toEqual({ deleted: 1 });
    expect((await api.GET('/evaluations/{evaluation_id}', ofEvaluation(slow!.id))).response.status).toBe(404);
    expect((await deleteEvaluations([randomUUID()])).response.status).toBe(404);
  });
});
