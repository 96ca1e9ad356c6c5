import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { postMultipart } from './support/multipart';

/** JSON text nested `depth` deep, written by hand: JSON.stringify itself overflows long before 5 000 here. */
const deep = (depth: number): string => `${'{"nested":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

/** ARCHITECTURE §12 on both engines: NUL bytes, 5 000-deep JSON and oversized names answer 422 with `loc`, and write nothing. */
describe.each(['pglite', 'postgres'] as Engine[])('untrusted input on %s', (engine) => {
  let api: RunningApi;
  let appId: string;
  let variantId: string;
  let baseId: string;

  beforeAll(async () => {
    api = await startApi(engine);
    appId = (await api.client.post('/apps', { app_name: 'guarded' })).body.app_id;
    const variant = await api.client.post(`/apps/${appId}/variant/from-service`, {
      variant_name: 'main', url: 'http://127.0.0.1:9', parameters: { temperature: 0.2 },
    });
    variantId = variant.body.variant_id;
    baseId = variant.body.base_id;
  }, 60_000);
  afterAll(() => api?.close());

  const snapshot = async () => ({
    apps: (await api.client.get('/apps')).body.length,
    variants: (await api.client.get(`/apps/${appId}/variants`)).body.length,
    revisions: (await api.client.get(`/variants/${variantId}/revisions`)).body.length,
    testsets: (await api.client.get('/testsets')).body.length,
    configs: (await api.client.get('/evaluators/configs')).body.length,
  });

  it('answers 422 with loc for a NUL byte anywhere, and writes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[string, string, unknown, Array<string | number>]> = [
      ['POST', '/apps', { app_name: 'a\u0000b' }, ['body', 'app_name']],
      ['POST', '/testsets', { name: 'rows', csvdata: [{ q: 'fine' }, { q: 'a\u0000' }] }, ['body', 'csvdata', 1, 'q']],
      ['POST', '/testsets', { name: 'n\u0000', csvdata: [{ q: 'x' }] }, ['body', 'name']],
      ['PUT', `/variants/${variantId}/parameters`, { parameters: { prompt: { system: 'x\u0000' } } }, ['body', 'parameters', 'prompt', 'system']],
      ['POST', '/evaluators/configs', { name: 'c', evaluator_key: 'auto_contains', settings_values: { substring: '\u0000' } }, ['body', 'settings_values', 'substring']],
      ['POST', '/variants/from-base', { base_id: baseId, new_variant_name: 'v2', new_config_name: 'c', parameters: { 'k\u0000': 1 } }, ['body', 'parameters', 'k\u0000']],
      ['GET', `/evaluations?app_id=${encodeURIComponent('\u0000')}`, undefined, ['query', 'app_id']],
    ];
    for (const [method, path, body, loc] of cases) {
      const response = await api.client.request(method, path, body);
      expect({ path, status: response.status, loc: response.body.detail?.[0]?.loc }).toEqual({ path, status: 422, loc });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 for a NUL byte in an uploaded CSV, and writes nothing', async () => {
    const before = await snapshot();
    const response = await postMultipart(api.client, '/testsets/upload', {
      file: { name: 'rows.csv', content: 'q,a\nfine,ok\nbad\u0000,x\n', type: 'text/csv' },
    }, api.apiKey);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'file', 1, 'q']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 for JSON nested 5 000 deep (parameters, from-base, uploads), not a stack overflow', async () => {
    const before = await snapshot();
    const parameters = `{"a":${deep(5_000)}}`;
    const put = await api.client.put(`/variants/${variantId}/parameters`, `{"parameters":${parameters}}`);
    expect(put.status).toBe(422);
    expect(put.body.detail[0]).toMatchObject({ type: 'too_deep', loc: expect.arrayContaining(['body', 'parameters', 'a']) });
    const fromBase = await api.client.post(
      '/variants/from-base', `{"base_id":"${baseId}","new_variant_name":"deep","new_config_name":"c","parameters":${parameters}}`,
    );
    expect(fromBase.status).toBe(422);
    const upload = await postMultipart(api.client, '/testsets/upload', {
      file: { name: 'rows.json', content: `[{"q":${deep(200)}}]`, type: 'application/json' },
    }, api.apiKey);
    expect(upload.status).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect((await api.client.get('/health')).status).toBe(200);
  });

  it('answers 422 for names over their limits', async () => {
    const before = await snapshot();
    const config = await api.client.post('/evaluators/configs', { name: 'x'.repeat(1024 * 1024), evaluator_key: 'auto_exact_match', settings_values: {} });
    expect(config.status).toBe(422);
    expect(config.body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_long' });
    const app = await api.client.post('/apps', { app_name: 'a'.repeat(101) });
    expect(app.status).toBe(422);
    expect(JSON.stringify(app.body).length).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});
