import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Evaluation, HumanEvaluation } from '@crucible/domain';
import { EvaluationRepository, HumanEvaluationRepository } from '@crucible/application';
import type { HttpClient, HttpResponse } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

const SERVICE_URL = 'http://127.0.0.1:9';
const EVALUATION_ROWS = 3000;
const HUMAN_ROWS = 2500;

/** `Link: <target>; rel="next"` → target. */
const nextOf = (response: HttpResponse): string | null => {
  const link = response.headers.get('link');
  if (link === null) return null;
  const target = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
  if (!target) throw new Error(`not an RFC 8288 next link: ${link}`);
  return target;
};

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * ARCHITECTURE §10 over HTTP: every list pages by `limit` and an opaque keyset `cursor` handed out in `Link`, in a
 * stable order, scoped to the caller's project; scenario lists stream page by page.
 */
describe.each<Engine>(['pglite', 'postgres'])('paged and streamed lists on %s', (engine) => {
  let api: RunningApi;
  let client: HttpClient;
  let other: HttpClient;
  let projectId: string;
  let appId: string;
  let variantId: string;
  let evaluationId: string;
  let humanEvaluationId: string;

  /** Follows `Link` from the first page to the last; every page but the last is full, and every page answers 200. */
  async function walk(path: string, limit?: number): Promise<{ pages: unknown[][]; links: string[] }> {
    const pages: unknown[][] = [];
    const links: string[] = [];
    for (let next: string | null = limit === undefined ? path : withQuery(path, `limit=${limit}`); next !== null;) {
      const response = await client.get<unknown[]>(next);
      expect(response.status).toBe(200);
      pages.push(response.body);
      next = nextOf(response);
      if (next !== null) links.push(next);
    }
    if (limit !== undefined) {
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      expect(pages.at(-1)!.length).toBeLessThanOrEqual(limit);
    }
    return { pages, links };
  }

  /** Paging by `limit` gives the unpaged list back: every item exactly once, in the same order. */
  async function expectPagesMakeTheList(path: string, limit: number, minimum: number) {
    const whole = await client.get<unknown[]>(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('link')).toBeNull();
    expect(whole.body.length).toBeGreaterThanOrEqual(minimum);
    const { pages, links } = await walk(path, limit);
    expect(pages.length).toBe(Math.ceil(whole.body.length / limit));
    const items = pages.flat();
    expect(items).toEqual(whole.body);
    expect(new Set(items.map((item) => JSON.stringify(item))).size).toBe(items.length);
    const [pathname, query = ''] = path.split('?');
    for (const link of links) {
      const url = new URL(link, 'http://placeholder');
      expect(url.pathname).toBe(pathname);
      expect(url.searchParams.get('limit')).toBe(String(limit));
      expect(url.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const [name, value] of new URLSearchParams(query)) expect(url.searchParams.get(name)).toBe(value);
    }
  }

  beforeAll(async () => {
    api = await startApi(engine);
    client = api.client;
    const created = await client.post('/projects', { name: 'other-team' });
    other = client.withKey(created.body.api_key.key);

    for (let i = 0; i < 5; i += 1) {
      const app = await client.post('/apps', { app_name: `paged-${i}` });
      expect(app.status).toBe(200);
      appId = app.body.app_id;
      projectId = app.body.project_id;
    }
    for (let i = 0; i < 5; i += 1) {
      const variant = await client.post(`/apps/${appId}/variant/from-service`, { variant_name: `v${i}`, url: SERVICE_URL, parameters: { i } });
      expect(variant.status).toBe(200);
      variantId = variant.body.variant_id;
    }
    for (let i = 1; i < 5; i += 1) expect((await client.put(`/variants/${variantId}/parameters`, { parameters: { i } })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/testsets', { name: `set-${i}`, csvdata: [{ q: String(i) }], ...(i % 2 ? { app_id: appId } : {}) })).status).toBe(200);
      const config = await client.post('/evaluators/configs', { name: `exact-${i}`, evaluator_key: 'auto_exact_match', settings_values: {}, ...(i % 2 ? { app_id: appId } : {}) });
      expect(config.status).toBe(200);
      expect((await client.post(`/projects/${projectId}/api-keys`, { name: `key-${i}` })).status).toBe(200);
    }

    // Runs of thousands of rows, stored as a runner stores them: what the lists read is the point here, not the run.
    const evaluations = api.app.get(EvaluationRepository);
    const humanEvaluations = api.app.get(HumanEvaluationRepository);
    const runs = Array.from({ length: 5 }, () => evaluationOf(projectId, appId));
    await evaluations.createMany(runs);
    evaluationId = runs[0]!.id;
    const human = Array.from({ length: 5 }, () => humanEvaluationOf(projectId, appId));
    for (const evaluation of human) await humanEvaluations.create(evaluation);
    humanEvaluationId = human[0]!.id;
    const dataSource = api.app.get(DataSource);
    // Stored in two halves, the later rows first, as concurrent batches may store them.
    for (const [from, to] of [[EVALUATION_ROWS / 2, EVALUATION_ROWS - 1], [0, EVALUATION_ROWS / 2 - 1]]) {
      await dataSource.query(
        `INSERT INTO evaluation_scenarios (id, project_id, evaluation_id, row_index, inputs, output, correct_answer, results, latency, cost, error, trace_id, created_at)
         SELECT gen_random_uuid(), $1, $2, i, jsonb_build_object('question', 'question ' || i), to_jsonb('answer ' || i), to_jsonb('answer ' || i),
                '[]'::jsonb, 0.25, 0.0001 * i, NULL, NULL, now()
           FROM generate_series($3::int, $4::int) AS i`,
        [projectId, evaluationId, from, to],
      );
    }
    await dataSource.query(
      `INSERT INTO human_evaluation_scenarios (id, project_id, human_evaluation_id, row_index, inputs, outputs, vote, score, correct_answer, is_pinned, note, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, i, jsonb_build_array(jsonb_build_object('name', 'country', 'value', 'country ' || i)),
              jsonb_build_array(jsonb_build_object('variantId', $3::text, 'variantRevisionId', $3::text, 'output', 'capital ' || i, 'error', NULL)),
              NULL, NULL, 'capital ' || i, false, NULL, now(), now()
         FROM generate_series(0, $4::int - 1) AS i`,
      [projectId, humanEvaluationId, human[0]!.variants[0]!.variantRevisionId, HUMAN_ROWS],
    );
  }, 120_000);
  afterAll(() => api?.close());

  it('pages every list by limit and Link: each item exactly once, in the order of the unpaged list', async () => {
    await expectPagesMakeTheList('/apps', 2, 5);
    await expectPagesMakeTheList(`/apps/${appId}/variants`, 2, 5);
    await expectPagesMakeTheList(`/apps/${appId}/environments`, 1, 2);
    await expectPagesMakeTheList(`/variants/${variantId}/revisions`, 2, 5);
    await expectPagesMakeTheList('/testsets', 2, 5);
    await expectPagesMakeTheList(`/testsets?app_id=${appId}`, 1, 2);
    await expectPagesMakeTheList('/evaluators/configs', 2, 5);
    await expectPagesMakeTheList(`/evaluators/configs?app_id=${appId}`, 2, 5);
    await expectPagesMakeTheList('/evaluators', 3, 5);
    await expectPagesMakeTheList(`/projects/${projectId}/api-keys`, 2, 6);
    await expectPagesMakeTheList('/human-evaluations', 2, 5);
    await expectPagesMakeTheList(`/human-evaluations?app_id=${appId}`, 2, 5);
    await expectPagesMakeTheList(`/evaluations?app_id=${appId}`, 2, 5);
    const revisions = (await client.get(`/variants/${variantId}/revisions`)).body;
    expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 422 naming the field for a bad limit or cursor, on every list', async () => {
    const lists = [
      '/apps', `/apps/${appId}/variants`, `/apps/${appId}/environments`, `/variants/${variantId}/revisions`, '/testsets',
      '/evaluators/configs', '/evaluators', `/projects/${projectId}/api-keys`, '/human-evaluations', '/evaluations',
      `/evaluations/${evaluationId}/evaluation_scenarios`, `/human-evaluations/${humanEvaluationId}/evaluation_scenarios`,
    ];
    const foreign = Buffer.from(JSON.stringify(['not a key', 'of this list'])).toString('base64url');
    for (const path of lists) {
      for (const [query, field] of [['limit=0', 'limit'], ['limit=1001', 'limit'], ['limit=ten', 'limit'], ['cursor=bogus', 'cursor'], [`cursor=${foreign}`, 'cursor']]) {
        const refused = await client.get(withQuery(path, query!));
        expect({ path, query, status: refused.status, loc: refused.body.detail?.[0]?.loc }).toEqual({ path, query, status: 422, loc: ['query', field] });
      }
    }
  });

  it('keeps every page to the caller\'s project, cursor or not', async () => {
    const first = await client.get('/testsets?limit=1');
    const cursor = new URL(nextOf(first)!, 'http://placeholder').searchParams.get('cursor');
    expect(await other.get(`/testsets?limit=1&cursor=${cursor}`)).toMatchObject({ status: 200, body: [] });
    expect((await other.get('/apps')).body).toEqual([]);
    expect((await other.get('/evaluators/configs')).body).toEqual([]);
    expect((await other.get('/human-evaluations')).body).toEqual([]);
    expect((await other.get(`/evaluations/${evaluationId}/evaluation_scenarios?limit=5`)).status).toBe(404);
    expect((await other.get(`/human-evaluations/${humanEvaluationId}/evaluation_scenarios`)).status).toBe(404);
    expect((await other.get(`/projects/${projectId}/api-keys?limit=1`)).status).toBe(404);
  });

  it(`streams an evaluation's ${EVALUATION_ROWS} scenarios 1000 at a time (or limit), the same rows as the unpaged export`, async () => {
    const path = `/evaluations/${evaluationId}/evaluation_scenarios`;
    const first = await client.get<Array<{ row_index: number }>>(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Written as it is read: no length is known when the answer starts.
    expect(first.headers.get('transfer-encoding')).toBe('chunked');
    expect(first.headers.get('content-length')).toBeNull();
    expect(first.body).toHaveLength(1000);
    expect(nextOf(first)).not.toBeNull();

    const exported = await client.get<Array<{ row_index: number }>>(`/evaluations/${evaluationId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body).toHaveLength(EVALUATION_ROWS);
    expect(exported.body.map((s) => s.row_index)).toEqual(Array.from({ length: EVALUATION_ROWS }, (_, i) => i));
    expect(exported.body[42]).toMatchObject({ row_index: 42, output: 'answer 42', inputs: [{ name: 'question', value: 'question 42' }] });

    const byDefault = await walk(path);
    expect(byDefault.pages.map((page) => page.length)).toEqual([1000, 1000, 1000]);
    expect(byDefault.pages.flat()).toEqual(exported.body);
    const small = await walk(path, 700);
    expect(small.pages.map((page) => page.length)).toEqual([700, 700, 700, 700, 200]);
    expect(small.pages.flat()).toEqual(exported.body);
  }, 60_000);

  it(`streams all ${HUMAN_ROWS} scenarios of a human evaluation without limit (seed op 6), and pages them with one`, async () => {
    const path = `/human-evaluations/${humanEvaluationId}/evaluation_scenarios`;
    const whole = await client.get<Array<{ inputs: Array<{ input_value: string }> }>>(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('transfer-encoding')).toBe('chunked');
    expect(whole.headers.get('link')).toBeNull();
    expect(whole.body).toHaveLength(HUMAN_ROWS);
    expect(whole.body.map((s) => s.inputs[0]!.input_value)).toEqual(Array.from({ length: HUMAN_ROWS }, (_, i) => `country ${i}`));
    expect(whole.body[7]).toMatchObject({ evaluation_id: humanEvaluationId, correct_answer: 'capital 7', outputs: [{ variant_output: 'capital 7' }] });

    const paged = await walk(path, 600);
    expect(paged.pages.map((page) => page.length)).toEqual([600, 600, 600, 600, 100]);
    expect(paged.pages.flat()).toEqual(whole.body);
  }, 60_000);

  it('answers a proper 404 or 422 before the first byte of a streamed list', async () => {
    for (const path of [`/evaluations/${randomUUID()}/evaluation_scenarios`, `/human-evaluations/${randomUUID()}/evaluation_scenarios`]) {
      const missing = await client.get(path);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ detail: expect.stringContaining('not found') });
    }
    const badCursor = await client.get(`/evaluations/${evaluationId}/evaluation_scenarios?cursor=${Buffer.from('["-1.5"]').toString('base64url')}`);
    expect(badCursor).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'cursor'], msg: 'not a cursor this list issued' }] } });
  });
});

function evaluationOf(projectId: string, appId: string): Evaluation {
  const now = new Date();
  return {
    id: randomUUID(), projectId, appId, variantId: randomUUID(), variantName: 'seeded', variantRevisionId: randomUUID(), revision: 1,
    parameters: {}, invocationUrl: `${SERVICE_URL}/playground/run`, testsetId: randomUUID(), testsetName: 'seeded', correctAnswerColumn: null,
    evaluatorConfigs: [], rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 },
    status: 'EVALUATION_FINISHED', statusError: null, progressDone: EVALUATION_ROWS, progressTotal: EVALUATION_ROWS, progressFailedRows: 0,
    progressEvaluatorErrors: 0, aggregatedResults: [],
    averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
  };
}

function humanEvaluationOf(projectId: string, appId: string): HumanEvaluation {
  return {
    id: randomUUID(), projectId, appId, evaluationType: 'single_model_test',
    variants: [{
      variantId: randomUUID(), variantName: 'seeded', variantRevisionId: randomUUID(), revision: 1, parameters: {},
      invocationUrl: `${SERVICE_URL}/playground/run`,
    }],
    testsetId: randomUUID(), testsetName: 'seeded', inputColumns: ['country'], correctAnswerColumn: null, status: 'EVALUATION_READY',
    statusError: null, progressDone: HUMAN_ROWS, progressTotal: HUMAN_ROWS, createdAt: new Date(), updatedAt: new Date(),
  };
}
