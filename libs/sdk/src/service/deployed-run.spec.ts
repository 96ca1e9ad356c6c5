import request from 'supertest';
import { createService, Field, init, MCField, routingContext } from '../index';
import { RegistryStandIn, resolvedConfig, waitFor } from '../testing/registry-stand-in';

class Cfg {
  @Field({ default: 'default prompt' }) prompt!: string;
  @Field({ default: 0.5, ge: 0, le: 1 }) temperature!: number;
  @MCField({ default: 'a', choices: ['a', 'b'] }) choice!: string;
}

describe('deployed calls resolve their configuration from the registry', () => {
  const registry = new RegistryStandIn();
  const service = createService();
  service.entrypoint(Cfg)(async (_inputs, config) => ({ prompt: config.prompt, temperature: config.temperature, context: routingContext.get() }));
  service.route('/sub', Cfg)(async (_inputs, config) => config.prompt);
  const app = service.expressApp();

  beforeAll(() => registry.start());
  afterAll(() => registry.stop());
  beforeEach(() => {
    registry.configs.clear();
    registry.calls.length = 0;
    registry.failWith = undefined;
    init({ host: registry.url, apiKey: 'secret-key', appId: 'app-from-init', exportTraces: false }); // the stand-in has no /traces
  });

  it.each(['/run', '/generate_deployed'])('resolves an environment for %s, sending the API key', async (path) => {
    registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'deployed prompt', temperature: 0.9, removed_field: 1 }));
    const response = await request(app).post(path).send({ inputs: { q: 1 }, environment: 'production', app_id: 'app-1' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      prompt: 'deployed prompt',
      temperature: 0.9,
      context: {
        config: { prompt: 'deployed prompt', temperature: 0.9, choice: 'a' },
        application: { id: 'app-1' },
        variant: { id: 'variant-1', name: 'default', revision: 1, revision_id: 'revision-1' },
        environment: { name: 'production' },
      },
    });
    expect(registry.calls).toEqual([{ query: { app_id: 'app-1', environment: 'production' }, authorization: 'ApiKey secret-key' }]);
  });

  it('takes app_id from init when the body has none', async () => {
    registry.configs.set('env:app-from-init:staging', resolvedConfig({ prompt: 'staging' }, { app_id: 'app-from-init' }));
    const response = await request(app).post('/run/sub').send({ inputs: {}, environment: 'staging' });
    expect(response.status).toBe(200);
    expect(response.body.data).toBe('staging');
  });

  it('resolves a variant, pinned or latest', async () => {
    registry.configs.set('variant:v-9:3', resolvedConfig({ prompt: 'rev 3' }, { variant_id: 'v-9', revision: 3, environment: null }));
    registry.configs.set('variant:v-9:latest', resolvedConfig({ prompt: 'rev 4' }, { variant_id: 'v-9', revision: 4, environment: null }));
    const pinned = await request(app).post('/run/sub').send({ inputs: {}, variant: { id: 'v-9', revision: 3 } });
    const latest = await request(app).post('/run/sub').send({ inputs: {}, variant: { id: 'v-9' } });
    const latestByNull = await request(app).post('/run/sub').send({ inputs: {}, variant: { id: 'v-9', revision: null } });
    expect([pinned.body.data, latest.body.data, latestByNull.body.data]).toEqual(['rev 3', 'rev 4', 'rev 4']);
    expect(registry.calls.map((call) => call.query)).toEqual([{ variant_id: 'v-9', revision: '3' }, { variant_id: 'v-9' }]); // null: the cached latest
  });

  it('answers 404 with the registry message when it knows no such deployment', async () => {
    const response = await request(app).post('/run').send({ inputs: {}, environment: 'production', app_id: 'ghost' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'No deployment for env:ghost:production' });
  });

  it('answers 503 with a clear message when the registry fails and nothing is cached', async () => {
    registry.failWith = 500;
    const response = await request(app).post('/run').send({ inputs: {}, environment: 'production', app_id: 'app-1' });
    expect(response.status).toBe(503);
    expect(response.body.detail).toMatch(/^Configuration unavailable: the Crucible registry at http:\/\/127\.0\.0\.1:\d+ answered 500/);
  });

  it('answers 503 when the registry is unreachable', async () => {
    init({ host: 'http://127.0.0.1:9', appId: 'app-1' });
    const response = await request(app).post('/run').send({ inputs: {}, environment: 'production' });
    expect(response.status).toBe(503);
    expect(response.body.detail).toMatch(/unreachable .*no configuration is cached for environment "production" of app app-1/);
  });

  it('answers 503 naming the API key when the registry rejects it', async () => {
    registry.failWith = 401;
    const response = await request(app).post('/run').send({ inputs: {}, environment: 'production' });
    expect(response.status).toBe(503);
    expect(response.body.detail).toContain("rejected the SDK's API key (401)");
  });

  it('answers 422 for a deployed body without a usable reference', async () => {
    init({ host: registry.url });
    const cases: [unknown, (string | number)[], string][] = [
      [{ inputs: {} }, ['body', 'environment'], 'missing'],
      [{ inputs: {}, environment: 'production' }, ['body', 'app_id'], 'missing'],
      [{ inputs: {}, environment: '', app_id: 'a' }, ['body', 'environment'], 'string_too_short'],
      [{ inputs: {}, environment: 7, app_id: 'a' }, ['body', 'environment'], 'string_type'],
      [{ inputs: {}, variant: { revision: 2 } }, ['body', 'variant', 'id'], 'missing'],
      [{ inputs: {}, variant: { id: 'v', revision: 0 } }, ['body', 'variant', 'revision'], 'greater_than'],
      [{ inputs: {}, variant: { id: 'v', revision: 1.5 } }, ['body', 'variant', 'revision'], 'int_type'],
      [{ inputs: {}, variant: 'v' }, ['body', 'variant'], 'dict_type'],
      [{ inputs: {}, variant: { id: 'v' }, environment: 'production' }, ['body'], 'value_error'],
      [{ inputs: [], environment: 'production', app_id: 'a' }, ['body', 'inputs'], 'dict_type'],
    ];
    for (const [body, loc, type] of cases) {
      const response = await request(app).post('/run').send(body as object);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc, type });
    }
    expect(registry.calls).toHaveLength(0);
  });

  it('answers 422 when the stored parameters break the schema', async () => {
    registry.configs.set('env:app-1:production', resolvedConfig({ temperature: 7 }));
    const response = await request(app).post('/run').send({ inputs: {}, environment: 'production', app_id: 'app-1' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { loc: ['registry', 'parameters', 'temperature'], msg: 'Input should be less than or equal to 1', type: 'less_than_equal' },
    ]);
  });

  describe('cache', () => {
    const body = { inputs: {}, environment: 'production', app_id: 'app-1' };
    const run = async () => (await request(app).post('/run/sub').send(body)).body.data;

    it('serves a fresh entry without asking the registry again', async () => {
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v1' }));
      expect([await run(), await run(), await run()]).toEqual(['v1', 'v1', 'v1']);
      expect(registry.calls).toHaveLength(1);
    });

    it('serves a stale entry at once and refreshes it in the background', async () => {
      init({ host: registry.url, configTtlMs: 0 });
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v1' }));
      expect(await run()).toBe('v1');
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v2' }));
      expect(await run()).toBe('v1');
      await waitFor(() => registry.calls.length >= 2, 'the background refresh');
      await waitFor(async () => (await run()) === 'v2', 'the refreshed value');
    });

    it('keeps serving the stale entry when a refresh fails', async () => {
      init({ host: registry.url, configTtlMs: 0 });
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v1' }));
      expect(await run()).toBe('v1');
      registry.failWith = 500;
      expect(await run()).toBe('v1');
      await waitFor(() => registry.calls.length >= 2, 'the failed refresh');
      expect(await run()).toBe('v1');
      const other = await request(app).post('/run/sub').send({ inputs: {}, environment: 'staging', app_id: 'app-1' });
      expect(other.status).toBe(503);
    });

    it('forgets an entry the registry says is gone', async () => {
      init({ host: registry.url, configTtlMs: 0 });
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v1' }));
      expect(await run()).toBe('v1');
      registry.configs.clear();
      expect(await run()).toBe('v1');
      await waitFor(async () => (await request(app).post('/run/sub').send(body)).status === 404, 'the entry to be evicted');
    });

    it('is emptied by calling init again', async () => {
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v1' }));
      expect(await run()).toBe('v1');
      registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'v2' }));
      init({ host: registry.url });
      expect(await run()).toBe('v2');
    });
  });
});
