import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';
import { CAPITALS, EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import {
  QUICK_RATE_LIMIT, createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal,
} from './support/evaluation-fixtures';

const EVALUATION_FIELDS = [
  'id', 'app_id', 'project_id', 'variant_ids', 'variant_names', 'variant_revision_ids', 'revisions', 'testset_id',
  'testset_name', 'status', 'aggregated_results', 'average_cost', 'total_cost', 'average_latency', 'created_at', 'updated_at',
];

describe('evaluations, embedded (PGlite, in-process runner)', () => {
  let api: RunningApi;
  let client: HttpClient;
  let example: ExampleStack;
  let setup: Awaited<ReturnType<typeof registerServiceWithTwoRevisions>>;
  let configs: Array<{ id: string; evaluator_key: string }>;
  let testsetId: string;
  let created: any[];

  beforeAll(async () => {
    api = await startApi('pglite');
    client = api.client;
    example = await startCompletionExample();
    setup = await registerServiceWithTwoRevisions(client, {
      appName: 'capitals', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    configs = await createEvaluatorConfigs(client, setup.app.app_id);
    const testset = await client.post('/testsets', { name: 'capitals', csvdata: capitalRows(), app_id: setup.app.app_id });
    testsetId = testset.body.id;
    const response = await client.post('/evaluations', {
      app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT, correct_answer_column: 'correct_answer',
    });
    expect(response.status).toBe(200);
    created = response.body;
    await Promise.all(created.map((evaluation) => waitForTerminal(client, evaluation.id)));
    // Boots PGlite and runs two evaluations to the end: on a loaded 2-core box that takes longer than one test.
  }, 120_000);
  afterAll(async () => {
    await api?.close();
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
    const listed = await client.get(`/evaluations?app_id=${setup.app.app_id}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const byRevision = Object.fromEntries(listed.body.map((e: any) => [e.revisions[0], e]));
    for (const evaluation of listed.body) {
      expect(Object.keys(evaluation).sort()).toEqual([...EVALUATION_FIELDS].sort());
      expect(evaluation.status).toEqual({ type: 'status', value: 'EVALUATION_FINISHED' });
      expect(evaluation.aggregated_results).toHaveLength(3);
      expect(evaluation.average_cost).toMatchObject({ type: 'cost', value: expect.any(Number) });
      expect(evaluation.average_cost.value).toBeGreaterThan(0);
      expect(evaluation.total_cost.value).toBeCloseTo(evaluation.average_cost.value * CAPITALS.length, 12);
      expect(evaluation.average_latency).toMatchObject({ type: 'latency', value: expect.any(Number) });
      expect(evaluation.average_latency.value).toBeGreaterThan(0);
      expect(evaluation.aggregated_results[0].evaluator_config).toMatchObject({
        id: configs[0]!.id, name: 'exact', evaluator_key: 'auto_exact_match', project_id: setup.app.project_id,
      });
    }
    const score = (evaluation: any, key: string) =>
      evaluation.aggregated_results.find((a: any) => a.evaluator_config.evaluator_key === key).result;
    expect(score(byRevision['1'], 'auto_exact_match')).toEqual({ type: 'number', value: 1 });
    expect(score(byRevision['1'], 'auto_regex_test')).toEqual({ type: 'number', value: 1 });
    expect(score(byRevision['2'], 'auto_exact_match')).toEqual({ type: 'number', value: 0 });
    expect(score(byRevision['2'], 'auto_regex_test')).toEqual({ type: 'number', value: 0 });
    expect(score(byRevision['2'], 'auto_similarity_match')).toEqual({ type: 'number', value: 1 });
    const all = await client.get('/evaluations');
    expect(all.body.map((e: any) => e.id)).toEqual(expect.arrayContaining(created.map((e) => e.id)));
  });

  it('pages the list with limit and an opaque cursor in Link (ARCHITECTURE §10), and answers 304 to its ETag', async () => {
    const whole = await client.get(`/evaluations?app_id=${setup.app.app_id}`);
    expect(whole.headers.get('link')).toBeNull();
    const first = await client.get(`/evaluations?app_id=${setup.app.app_id}&limit=1`);
    expect(first.body).toHaveLength(1);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toContain(`app_id=${setup.app.app_id}`);
    const second = await client.get(next!);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('link')).toBeNull();
    expect([...first.body, ...second.body]).toEqual(whole.body);
    for (const query of ['limit=0', 'limit=1001', 'limit=two', 'cursor=bogus']) {
      const refused = await client.get(`/evaluations?${query}`);
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc[0]).toBe('query');
    }
    // fetch adds "cache-control: no-cache" to a conditional request, which rightly defeats it: ask with node:http.
    const conditional = await new Promise<number | undefined>((resolve, reject) => {
      get(`${client.baseUrl}/evaluations?app_id=${setup.app.app_id}`, {
        headers: { authorization: `ApiKey ${api.apiKey}`, 'if-none-match': whole.headers.get('etag')! },
      }, (response) => resolve(response.resume().statusCode)).on('error', reject);
    });
    expect(conditional).toBe(304);
  });

  it('shows status with progress, results, and every scenario with each evaluator result', async () => {
    const [first] = created;
    expect((await client.get(`/evaluations/${first.id}/status`)).body).toMatchObject({
      status: { value: 'EVALUATION_FINISHED' }, progress: { done: CAPITALS.length, total: CAPITALS.length },
    });
    expect((await client.get(`/evaluations/${first.id}/results`)).body.results).toHaveLength(3);
    const scenarios = (await client.get(`/evaluations/${first.id}/evaluation_scenarios`)).body;
    expect(scenarios).toHaveLength(CAPITALS.length);
    expect(scenarios[0]).toMatchObject({
      row_index: 0, inputs: [{ name: 'input', type: 'string', value: 'Paris' }], output: 'Paris', correct_answer: 'Paris', error: null,
      latency: expect.any(Number), cost: expect.any(Number),
      outputs: [{ result: { type: 'text', value: 'Paris' }, latency: expect.any(Number), cost: expect.any(Number) }],
      correct_answers: [{ key: 'correct_answer', value: 'Paris' }],
    });
    expect(scenarios[0].results.map((r: any) => r.result)).toEqual([
      { type: 'bool', value: true }, { type: 'bool', value: true }, { type: 'bool', value: true },
    ]);
  });

  it('compares the two evaluations row by row', async () => {
    const ids = created.map((e) => e.id).join(',');
    const comparison = await client.get(`/evaluations/evaluation_scenarios/comparison-results?evaluations_ids=${ids}`);
    expect(comparison.status).toBe(200);
    expect(comparison.body.rows).toHaveLength(CAPITALS.length);
    expect(comparison.body.rows[1].variants.map((v: any) => v.output)).toEqual(['Berlin', 'maybe Berlin']);
    expect((await client.get('/evaluations/evaluation_scenarios/comparison-results?evaluations_ids=nope')).status).toBe(422);
  });

  it('refuses bad creations: 404 unknown, 400 foreign revision, 422 bad rate limit', async () => {
    const base = {
      app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
    };
    expect((await client.post('/evaluations', { ...base, testset_id: randomUUID() })).status).toBe(404);
    expect((await client.post('/evaluations', { ...base, evaluators_configs: [randomUUID()] })).status).toBe(404);
    expect((await client.post('/evaluations', { ...base, revisions_ids: [randomUUID()] })).status).toBe(404);
    expect((await client.post('/evaluations', { ...base, app_id: randomUUID() })).status).toBe(404);
    const otherApp = await registerServiceWithTwoRevisions(client, { appName: 'other-app', serviceUrl: example.service.url, first: {}, second: {} });
    expect((await client.post('/evaluations', { ...base, revisions_ids: [otherApp.revisionIds[0]] })).status).toBe(400);
    const tooBig = await client.post('/evaluations', { ...base, rate_limit: { ...QUICK_RATE_LIMIT, batch_size: 0, retry_delay: 601 } });
    expect(tooBig).toMatchObject({ status: 422 });
    expect(tooBig.body.detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['body', 'rate_limit', 'batch_size'], type: 'greater_than_equal' }),
      expect.objectContaining({ loc: ['body', 'rate_limit', 'retry_delay'], type: 'less_than_equal' }),
    ]));
    const missing = await client.post('/evaluations', { app_id: setup.app.app_id });
    expect(missing.body.detail.map((d: any) => d.loc.join('.'))).toEqual(expect.arrayContaining([
      'body.revisions_ids', 'body.evaluators_configs', 'body.testset_id', 'body.rate_limit',
    ]));
    const other = api.client.withKey((await client.post('/projects', { name: 'eval-other' })).body.api_key.key);
    expect((await other.post('/evaluations', base)).status).toBe(404);
    expect((await other.get(`/evaluations/${created[0].id}`)).status).toBe(404);
    expect((await other.get('/evaluations')).body).toEqual([]);
  });

  it('answers 422 at the Idempotency-Key header when the key is unusable', async () => {
    const body = {
      app_id: setup.app.app_id, revisions_ids: setup.revisionIds, evaluators_configs: configs.map((c) => c.id),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
    };
    const refused = await client.request('POST', '/evaluations', body, { 'idempotency-key': 'k'.repeat(256) });
    expect(refused).toMatchObject({
      status: 422, body: { detail: [{ loc: ['header', 'Idempotency-Key'], msg: 'must be 1 to 255 visible ASCII characters', type: 'value_error' }] },
    });
  });

  it('validates evaluator configs against the catalog', async () => {
    const catalog = await client.get('/evaluators');
    expect(catalog.body.map((e: any) => e.key)).toEqual(expect.arrayContaining(['auto_exact_match', 'auto_ai_critique', 'auto_custom_code_run']));
    const bad = await client.post('/evaluators/configs', { name: 'x', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '(' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'settings_values', 'regex_pattern']);
    expect((await client.post('/evaluators/configs', { name: 'x', evaluator_key: 'no_such' })).status).toBe(422);
    const updated = await client.put(`/evaluators/configs/${configs[1]!.id}`, { settings_values: { similarity_threshold: 0.9 } });
    expect(updated.body.settings_values).toMatchObject({ similarity_threshold: 0.9 });
    expect((await client.get(`/evaluators/configs?app_id=${setup.app.app_id}`)).body).toHaveLength(3);
  });

  it('cancels only a running evaluation and deletes evaluations', async () => {
    const cancelFinished = await client.post(`/evaluations/${created[0].id}/cancel`);
    expect(cancelFinished.status).toBe(409);
    const slow = await client.post('/evaluations', {
      app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]], evaluators_configs: [configs[0]!.id],
      testset_id: testsetId, rate_limit: { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 1 },
    });
    const cancelled = await client.post(`/evaluations/${slow.body[0].id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: { value: 'EVALUATION_CANCELLED' } } });
    const after = await waitForTerminal(client, slow.body[0].id);
    expect(after.status.value).toBe('EVALUATION_CANCELLED');
    expect(after.progress.done).toBeLessThan(CAPITALS.length);
    expect((await client.delete('/evaluations', { evaluations_ids: [slow.body[0].id] })).body).toEqual({ deleted: 1 });
    expect((await client.get(`/evaluations/${slow.body[0].id}`)).status).toBe(404);
    expect((await client.delete('/evaluations', { evaluations_ids: [randomUUID()] })).status).toBe(404);
  });
});
