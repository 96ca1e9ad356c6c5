import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Evaluation, HumanEvaluation } from '@crucible/domain';
import { EvaluationRepository, HumanEvaluationRepository } from '@crucible/application';
import type { CrucibleClient } from '@crucible/client';
// Raw client only for a limit that is not a number (`limit=ten`), which the contract forbids.
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { type ClientOutcome, answer, ok } from './support/api-answers';

const SERVICE_URL = 'http://127.0.0.1:9';
const EVALUATION_ROWS = 3000;
const HUMAN_ROWS = 2500;

/** `Link: <target>; rel="next"` → target. */
const nextOf = (response: Response): string | null => {
  const link = response.headers.get('link');
  if (link === null) return null;
  const target = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
  if (!target) throw new Error(`not an RFC 8288 next link: ${link}`);
  return target;
};

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** A page request: the first page's `limit`/`cursor`, or a Link target's query string sent as it is. */
type PageInit = {
  params?: { query?: { limit?: number; cursor?: string } };
  querySerializer?: () => string;
};

/** One list of the api through the typed client: its path and fixed filter (to check Link targets against), and the call. */
interface List {
  path: string;
  filter?: Record<string, string>;
  call(init: PageInit): Promise<ClientOutcome<unknown[]>>;
}

/**
 * ARCHITECTURE §10 over HTTP: every list pages by `limit` and an opaque keyset `cursor` handed out in `Link`, in a
 * stable order, scoped to the caller's project; scenario lists stream page by page.
 */
describe.each<Engine>(['pglite', 'postgres'])('paged and streamed lists on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let other: CrucibleClient;
  let projectId: string;
  let appId: string;
  let variantId: string;
  let evaluationId: string;
  let humanEvaluationId: string;

  const query = (init: PageInit) => init.params?.query ?? {};
  const lists = () => ({
    apps: { path: '/apps', call: (init) => api.GET('/apps', init) },
    variants: {
      path: `/apps/${appId}/variants`,
      call: (init) => api.GET('/apps/{app_id}/variants', { ...init, params: { path: { app_id: appId }, query: query(init) } }),
    },
    environments: {
      path: `/apps/${appId}/environments`,
      call: (init) => api.GET('/apps/{app_id}/environments', { ...init, params: { path: { app_id: appId }, query: query(init) } }),
    },
    revisions: {
      path: `/variants/${variantId}/revisions`,
      call: (init) => api.GET('/variants/{variant_id}/revisions', { ...init, params: { path: { variant_id: variantId }, query: query(init) } }),
    },
    testsets: { path: '/testsets', call: (init) => api.GET('/testsets', init) },
    testsetsOfApp: {
      path: '/testsets', filter: { app_id: appId },
      call: (init) => api.GET('/testsets', { ...init, params: { query: { ...query(init), app_id: appId } } }),
    },
    configs: { path: '/evaluators/configs', call: (init) => api.GET('/evaluators/configs', init) },
    configsOfApp: {
      path: '/evaluators/configs', filter: { app_id: appId },
      call: (init) => api.GET('/evaluators/configs', { ...init, params: { query: { ...query(init), app_id: appId } } }),
    },
    catalog: { path: '/evaluators', call: (init) => api.GET('/evaluators', init) },
    apiKeys: {
      path: `/projects/${projectId}/api-keys`,
      call: (init) => api.GET('/projects/{project_id}/api-keys', { ...init, params: { path: { project_id: projectId }, query: query(init) } }),
    },
    humanEvaluations: { path: '/human-evaluations', call: (init) => api.GET('/human-evaluations', init) },
    humanEvaluationsOfApp: {
      path: '/human-evaluations', filter: { app_id: appId },
      call: (init) => api.GET('/human-evaluations', { ...init, params: { query: { ...query(init), app_id: appId } } }),
    },
    evaluations: { path: '/evaluations', call: (init) => api.GET('/evaluations', init) },
    evaluationsOfApp: {
      path: '/evaluations', filter: { app_id: appId },
      call: (init) => api.GET('/evaluations', { ...init, params: { query: { ...query(init), app_id: appId } } }),
    },
    scenarios: {
      path: `/evaluations/${evaluationId}/evaluation_scenarios`,
      call: (init) => api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', {
        ...init, params: { path: { evaluation_id: evaluationId }, query: query(init) },
      }),
    },
    humanScenarios: {
      path: `/human-evaluations/${humanEvaluationId}/evaluation_scenarios`,
      call: (init) => api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', {
        ...init, params: { path: { evaluation_id: humanEvaluationId }, query: query(init) },
      }),
    },
  } satisfies Record<string, List>);

  /**
   * Follows `Link` from the first page to the last, each target on the list's own path with its query string as
   * given; every page but the last is full, and every page answers 200.
   */
  async function walk(list: List, limit?: number): Promise<{ pages: unknown[][]; links: string[] }> {
    const pages: unknown[][] = [];
    const links: string[] = [];
    for (let init: PageInit | null = limit === undefined ? {} : { params: { query: { limit } } }; init !== null;) {
      const { data, response } = await list.call(init);
      expect(response.status).toBe(200);
      pages.push(data!);
      const next = nextOf(response);
      init = null;
      if (next !== null) {
        links.push(next);
        const target = new URL(next, 'http://placeholder');
        expect(target.pathname).toBe(list.path);
        init = { querySerializer: () => target.search };
      }
    }
    if (limit !== undefined) {
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      expect(pages.at(-1)!.length).toBeLessThanOrEqual(limit);
    }
    return { pages, links };
  }

  /** Paging by `limit` gives the unpaged list back: every item exactly once, in the same order. */
  async function expectPagesMakeTheList(list: List, limit: number, minimum: number) {
    const { data: whole, response } = await list.call({});
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBeNull();
    expect(whole!.length).toBeGreaterThanOrEqual(minimum);
    const { pages, links } = await walk(list, limit);
    expect(pages.length).toBe(Math.ceil(whole!.length / limit));
    const items = pages.flat();
    expect(items).toEqual(whole);
    expect(new Set(items.map((item) => JSON.stringify(item))).size).toBe(items.length);
    for (const link of links) {
      const url = new URL(link, 'http://placeholder');
      expect(url.pathname).toBe(list.path);
      expect(url.searchParams.get('limit')).toBe(String(limit));
      expect(url.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const [name, value] of Object.entries(list.filter ?? {})) expect(url.searchParams.get(name)).toBe(value);
    }
  }

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    const created = await ok(api.POST('/projects', { body: { name: 'other-team' } }));
    other = server.withKey(created.api_key!.key);

    for (let i = 0; i < 5; i += 1) {
      const app = await api.POST('/apps', { body: { app_name: `paged-${i}` } });
      expect(app.response.status).toBe(200);
      appId = app.data!.app_id;
      projectId = app.data!.project_id;
    }
    for (let i = 0; i < 5; i += 1) {
      const variant = await api.POST('/apps/{app_id}/variant/from-service', {
        params: { path: { app_id: appId } }, body: { variant_name: `v${i}`, url: SERVICE_URL, parameters: { i } },
      });
      expect(variant.response.status).toBe(200);
      variantId = variant.data!.variant_id;
    }
    for (let i = 1; i < 5; i += 1) {
      const updated = await api.PUT('/variants/{variant_id}/parameters', { params: { path: { variant_id: variantId } }, body: { parameters: { i } } });
      expect(updated.response.status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      const ofApp = i % 2 ? { app_id: appId } : {};
      expect((await api.POST('/testsets', { body: { name: `set-${i}`, csvdata: [{ q: String(i) }], ...ofApp } })).response.status).toBe(200);
      const config = await api.POST('/evaluators/configs', { body: { name: `exact-${i}`, evaluator_key: 'auto_exact_match', settings_values: {}, ...ofApp } });
      expect(config.response.status).toBe(200);
      const key = await api.POST('/projects/{project_id}/api-keys', { params: { path: { project_id: projectId } }, body: { name: `key-${i}` } });
      expect(key.response.status).toBe(200);
    }

    // Runs of thousands of rows, stored as a runner stores them: what the lists read is the point here, not the run.
    const evaluations = server.app.get(EvaluationRepository);
    const humanEvaluations = server.app.get(HumanEvaluationRepository);
    const runs = Array.from({ length: 5 }, () => evaluationOf(projectId, appId));
    await evaluations.createMany(runs);
    evaluationId = runs[0]!.id;
    const human = Array.from({ length: 5 }, () => humanEvaluationOf(projectId, appId));
    for (const evaluation of human) await humanEvaluations.create(evaluation);
    humanEvaluationId = human[0]!.id;
    const dataSource = server.app.get(DataSource);
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
  afterAll(() => server?.close());

  it('pages every list by limit and Link: each item exactly once, in the order of the unpaged list', async () => {
    const all = lists();
    await expectPagesMakeTheList(all.apps, 2, 5);
    await expectPagesMakeTheList(all.variants, 2, 5);
    await expectPagesMakeTheList(all.environments, 1, 2);
    await expectPagesMakeTheList(all.revisions, 2, 5);
    await expectPagesMakeTheList(all.testsets, 2, 5);
    await expectPagesMakeTheList(all.testsetsOfApp, 1, 2);
    await expectPagesMakeTheList(all.configs, 2, 5);
    await expectPagesMakeTheList(all.configsOfApp, 2, 5);
    await expectPagesMakeTheList(all.catalog, 3, 5);
    await expectPagesMakeTheList(all.apiKeys, 2, 6);
    await expectPagesMakeTheList(all.humanEvaluations, 2, 5);
    await expectPagesMakeTheList(all.humanEvaluationsOfApp, 2, 5);
    await expectPagesMakeTheList(all.evaluationsOfApp, 2, 5);
    const revisions = await ok(all.revisions.call({}));
    expect(revisions.map((r) => r.revision)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 422 naming the field for a bad limit or cursor, on every list', async () => {
    const all = lists();
    const paged: List[] = [
      all.apps, all.variants, all.environments, all.revisions, all.testsets, all.configs, all.catalog, all.apiKeys,
      all.humanEvaluations, all.evaluations, all.scenarios, all.humanScenarios,
    ];
    const foreign = Buffer.from(JSON.stringify(['not a key', 'of this list'])).toString('base64url');
    const refusals: Array<[string, string, (list: List) => Promise<{ status: number; body: any }>]> = [
      ['limit=0', 'limit', (list) => answer(list.call({ params: { query: { limit: 0 } } }))],
      ['limit=1001', 'limit', (list) => answer(list.call({ params: { query: { limit: 1001 } } }))],
      ['limit=ten', 'limit', (list) => server.client.get(withQuery(list.path, 'limit=ten'))],
      ['cursor=bogus', 'cursor', (list) => answer(list.call({ params: { query: { cursor: 'bogus' } } }))],
      [`cursor=${foreign}`, 'cursor', (list) => answer(list.call({ params: { query: { cursor: foreign } } }))],
    ];
    for (const list of paged) {
      const path = list.path;
      for (const [query, field, send] of refusals) {
        const refused = await send(list);
        expect({ path, query, status: refused.status, loc: refused.body.detail?.[0]?.loc }).toEqual({ path, query, status: 422, loc: ['query', field] });
      }
    }
  });

  it('keeps every page to the caller\'s project, cursor or not', async () => {
    const first = await api.GET('/testsets', { params: { query: { limit: 1 } } });
    const cursor = new URL(nextOf(first.response)!, 'http://placeholder').searchParams.get('cursor')!;
    expect(await answer(other.GET('/testsets', { params: { query: { limit: 1, cursor } } }))).toMatchObject({ status: 200, body: [] });
    expect((await other.GET('/apps')).data).toEqual([]);
    expect((await other.GET('/evaluators/configs')).data).toEqual([]);
    expect((await other.GET('/human-evaluations')).data).toEqual([]);
    const scenarios = await other.GET('/evaluations/{evaluation_id}/evaluation_scenarios', {
      params: { path: { evaluation_id: evaluationId }, query: { limit: 5 } },
    });
    expect(scenarios.response.status).toBe(404);
    const humanScenarios = await other.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: humanEvaluationId } } });
    expect(humanScenarios.response.status).toBe(404);
    const keys = await other.GET('/projects/{project_id}/api-keys', { params: { path: { project_id: projectId }, query: { limit: 1 } } });
    expect(keys.response.status).toBe(404);
  });

  it(`streams an evaluation's ${EVALUATION_ROWS} scenarios 1000 at a time (or limit), the same rows as the unpaged export`, async () => {
    const list = lists().scenarios;
    const first = await list.call({});
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Written as it is read: no length is known when the answer starts.
    expect(first.response.headers.get('transfer-encoding')).toBe('chunked');
    expect(first.response.headers.get('content-length')).toBeNull();
    expect(first.data).toHaveLength(1000);
    expect(nextOf(first.response)).not.toBeNull();

    const exported = await api.GET('/evaluations/{evaluation_id}/export', { params: { path: { evaluation_id: evaluationId } } });
    expect(exported.response.status).toBe(200);
    const rows = exported.data!;
    expect(rows).toHaveLength(EVALUATION_ROWS);
    expect(rows.map((s) => s['row_index'])).toEqual(Array.from({ length: EVALUATION_ROWS }, (_, i) => i));
    expect(rows[42]).toMatchObject({ row_index: 42, output: 'answer 42', inputs: [{ name: 'question', value: 'question 42' }] });

    const byDefault = await walk(list);
    expect(byDefault.pages.map((page) => page.length)).toEqual([1000, 1000, 1000]);
    expect(byDefault.pages.flat()).toEqual(rows);
    const small = await walk(list, 700);
    expect(small.pages.map((page) => page.length)).toEqual([700, 700, 700, 700, 200]);
    expect(small.pages.flat()).toEqual(rows);
  }, 60_000);

  it(`streams all ${HUMAN_ROWS} scenarios of a human evaluation without limit (seed op 6), and pages them with one`, async () => {
    const list = lists().humanScenarios;
    const whole = await list.call({});
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('transfer-encoding')).toBe('chunked');
    expect(whole.response.headers.get('link')).toBeNull();
    const scenarios = whole.data!;
    expect(scenarios).toHaveLength(HUMAN_ROWS);
    expect(scenarios.map((s) => s.inputs[0]!.input_value)).toEqual(Array.from({ length: HUMAN_ROWS }, (_, i) => `country ${i}`));
    expect(scenarios[7]).toMatchObject({ evaluation_id: humanEvaluationId, correct_answer: 'capital 7', outputs: [{ variant_output: 'capital 7' }] });

    const paged = await walk(list, 600);
    expect(paged.pages.map((page) => page.length)).toEqual([600, 600, 600, 600, 100]);
    expect(paged.pages.flat()).toEqual(scenarios);
  }, 60_000);

  it('answers a proper 404 or 422 before the first byte of a streamed list', async () => {
    const missing = [
      await answer(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: randomUUID() } } })),
      await answer(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: randomUUID() } } })),
    ];
    for (const answered of missing) {
      expect(answered.status).toBe(404);
      expect(answered.body).toMatchObject({ detail: expect.stringContaining('not found') });
    }
    const badCursor = await answer(lists().scenarios.call({ params: { query: { cursor: Buffer.from('["-1.5"]').toString('base64url') } } }));
    expect(badCursor).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'cursor'], msg: 'not a cursor this list issued' }] } });
  });
});

function evaluationOf(projectId: string, appId: string): Evaluation {
  const now = new Date();
  return {
    id: randomUUID(), projectId, appId, variantId: randomUUID(), variantName: 'seeded', variantRevisionId: randomUUID(), revision: 1,
    parameters: {}, invocationUrl: `${SERVICE_URL}/playground/run`, testsetId: randomUUID(), testsetName: 'seeded', testsetVersion: 1, correctAnswerColumn: null,
    evaluatorConfigs: [], rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 }, repetitions: 1,
    source: 'api', status: 'EVALUATION_FINISHED', statusError: null, progressDone: EVALUATION_ROWS, progressTotal: EVALUATION_ROWS, progressFailedRows: 0,
    progressEvaluatorErrors: 0, aggregatedResults: [],
    averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
  };
}

function humanEvaluationOf(projectId: string, appId: string): HumanEvaluation {
  return {
    id: randomUUID(), projectId, appId, evaluationType: 'single_model_test', metrics: [],
    variants: [{
      variantId: randomUUID(), variantName: 'seeded', variantRevisionId: randomUUID(), revision: 1, parameters: {},
      invocationUrl: `${SERVICE_URL}/playground/run`,
    }],
    testsetId: randomUUID(), testsetName: 'seeded', testsetVersion: 1, inputColumns: ['country'], correctAnswerColumn: null, status: 'EVALUATION_READY',
    statusError: null, progressDone: HUMAN_ROWS, progressTotal: HUMAN_ROWS, createdAt: new Date(), updatedAt: new Date(),
  };
}
