import type { CrucibleClient } from '@crucible/client';
// Raw client only for JSON nested 5 000 deep: hand-written text that JSON.stringify (and so the typed client) cannot produce.
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { type Answer, answer, ok } from './support/api-answers';
import { uploadTestset } from './support/multipart';

/** JSON text nested `depth` deep, written by hand: JSON.stringify itself overflows long before 5 000 here. */
const deep = (depth: number): string => `${'{"nested":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

/** ARCHITECTURE §12 on both engines: NUL bytes, 5 000-deep JSON and oversized names answer 422 with `loc`, and write nothing. */
describe.each(['pglite', 'postgres'] as Engine[])('untrusted input on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let appId: string;
  let variantId: string;
  let baseId: string;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    appId = (await ok(api.POST('/apps', { body: { app_name: 'guarded' } }))).app_id;
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: 'main', url: 'http://127.0.0.1:9', parameters: { temperature: 0.2 } },
    }));
    variantId = variant.variant_id;
    baseId = variant.base_id;
  }, 60_000);
  afterAll(() => server?.close());

  const snapshot = async () => ({
    apps: (await ok(api.GET('/apps'))).length,
    variants: (await ok(api.GET('/apps/{app_id}/variants', { params: { path: { app_id: appId } } }))).length,
    revisions: (await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId } } }))).length,
    testsets: (await ok(api.GET('/testsets'))).length,
    configs: (await ok(api.GET('/evaluators/configs'))).length,
  });

  it('answers 422 with loc for a NUL byte anywhere, and writes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[string, () => Promise<Answer>, Array<string | number>]> = [
      ['POST /apps', () => answer(api.POST('/apps', { body: { app_name: 'a\u0000b' } })), ['body', 'app_name']],
      ['POST /testsets', () => answer(api.POST('/testsets', { body: { name: 'rows', csvdata: [{ q: 'fine' }, { q: 'a\u0000' }] } })),
        ['body', 'csvdata', 1, 'q']],
      ['POST /testsets', () => answer(api.POST('/testsets', { body: { name: 'n\u0000', csvdata: [{ q: 'x' }] } })), ['body', 'name']],
      ['PUT /variants/{variant_id}/parameters', () => answer(api.PUT('/variants/{variant_id}/parameters', {
        params: { path: { variant_id: variantId } }, body: { parameters: { prompt: { system: 'x\u0000' } } },
      })), ['body', 'parameters', 'prompt', 'system']],
      ['POST /evaluators/configs', () => answer(api.POST('/evaluators/configs', {
        body: { name: 'c', evaluator_key: 'auto_contains', settings_values: { substring: '\u0000' } },
      })), ['body', 'settings_values', 'substring']],
      ['POST /variants/from-base', () => answer(api.POST('/variants/from-base', {
        body: { base_id: baseId, new_variant_name: 'v2', new_config_name: 'c', parameters: { 'k\u0000': 1 } },
      })), ['body', 'parameters', 'k\u0000']],
      ['GET /evaluations', () => answer(api.GET('/evaluations', { params: { query: { app_id: '\u0000' } } })), ['query', 'app_id']],
    ];
    for (const [path, send, loc] of cases) {
      const response = await send();
      expect({ path, status: response.status, loc: response.body.detail?.[0]?.loc }).toEqual({ path, status: 422, loc });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 for a NUL byte in an uploaded CSV, and writes nothing', async () => {
    const before = await snapshot();
    const response = await answer(uploadTestset(api, {
      file: { name: 'rows.csv', content: 'q,a\nfine,ok\nbad\u0000,x\n', type: 'text/csv' },
    }));
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'file', 1, 'q']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 for JSON nested 5 000 deep (parameters, from-base, uploads), not a stack overflow', async () => {
    const before = await snapshot();
    const parameters = `{"a":${deep(5_000)}}`;
    const put = await server.client.put(`/variants/${variantId}/parameters`, `{"parameters":${parameters}}`);
    expect(put.status).toBe(422);
    expect(put.body.detail[0]).toMatchObject({ type: 'too_deep', loc: expect.arrayContaining(['body', 'parameters', 'a']) });
    const fromBase = await server.client.post(
      '/variants/from-base', `{"base_id":"${baseId}","new_variant_name":"deep","new_config_name":"c","parameters":${parameters}}`,
    );
    expect(fromBase.status).toBe(422);
    const upload = await answer(uploadTestset(api, {
      file: { name: 'rows.json', content: `[{"q":${deep(200)}}]`, type: 'application/json' },
    }));
    expect(upload.status).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect((await api.GET('/health')).response.status).toBe(200);
  });

  it('answers 422 for names over their limits', async () => {
    const before = await snapshot();
    const config = await answer(api.POST('/evaluators/configs', {
      body: { name: 'x'.repeat(100_000), evaluator_key: 'auto_exact_match', settings_values: {} },
    }));
    expect(config.status).toBe(422);
    expect(config.body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_long' });
    const app = await answer(api.POST('/apps', { body: { app_name: 'a'.repeat(101) } }));
    expect(app.status).toBe(422);
    expect(JSON.stringify(app.body).length).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});
