import { randomUUID } from 'node:crypto';
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

const SERVICE_URL = 'http://127.0.0.1:9';
const VARIANT_FIELDS = [
  'app_id', 'app_name', 'variant_id', 'variant_name', 'project_id', 'base_name', 'base_id', 'config_name', 'uri',
  'revision', 'created_at', 'updated_at', 'modified_by_id',
];

describe.each<Engine>(['pglite', 'postgres'])('registry over HTTP on %s', (engine) => {
  let api: RunningApi;
  let client: HttpClient;
  let other: HttpClient;

  beforeAll(async () => {
    api = await startApi(engine);
    client = api.client;
    const created = await client.post('/projects', { name: 'other-team' });
    expect(created.status).toBe(200);
    other = client.withKey(created.body.api_key.key);
  });
  afterAll(() => api.close());

  async function createApp(name: string) {
    const response = await client.post('/apps', { app_name: name });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function createVariant(appId: string, name = 'main', parameters: Record<string, unknown> = { temperature: 0.2 }) {
    const response = await client.post(`/apps/${appId}/variant/from-service`, {
      variant_name: name, url: SERVICE_URL, parameters, commit_message: 'first',
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  describe('access', () => {
    it('answers 401 without a key or with a bad one, and serves health and docs openly', async () => {
      expect((await client.withKey(undefined).get('/apps')).status).toBe(401);
      const bad = await client.withKey('crc_nope').get('/apps');
      expect(bad).toMatchObject({ status: 401, body: { detail: 'invalid API key' } });
      expect(await client.withKey(undefined).get('/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      const openapi = await client.withKey(undefined).get('/openapi.json');
      expect(openapi.status).toBe(200);
      expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/variants/from-base', '/apps/{app_id}/revisions/{environment_name}']));
    });

    it('accepts Bearer as well as ApiKey', async () => {
      const response = await client.withKey(undefined).request('GET', '/apps', undefined, { authorization: `Bearer ${api.apiKey}` });
      expect(response.status).toBe(200);
    });

    it('creates and deletes API keys of its own project only', async () => {
      const projectId = (await createApp(`keys-${engine}`)).project_id;
      const created = await client.post(`/projects/${projectId}/api-keys`, { name: 'ci' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ name: 'ci', project_id: projectId, key: expect.stringMatching(/^crc_/) });
      const ci = client.withKey(created.body.key);
      expect((await ci.get('/apps')).status).toBe(200);
      expect((await other.post(`/projects/${projectId}/api-keys`, {})).status).toBe(404);
      expect((await other.delete(`/projects/${projectId}/api-keys/${created.body.id}`)).status).toBe(404);
      const listed = await client.get(`/projects/${projectId}/api-keys`);
      expect(listed.body.map((k: { id: string }) => k.id)).toContain(created.body.id);
      expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
      expect((await client.delete(`/projects/${projectId}/api-keys/${created.body.id}`)).status).toBe(204);
      expect((await ci.get('/apps')).status).toBe(401);
      expect((await client.delete(`/projects/${projectId}/api-keys/${created.body.id}`)).status).toBe(404);
    });

    it('validates the project body', async () => {
      const response = await client.post('/projects', { name: 42 });
      expect(response).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], type: 'string_type' }] } });
    });
  });

  describe('apps', () => {
    it('creates, lists, reads and deletes apps with their three environments', async () => {
      const app = await createApp(`apps-${engine}`);
      expect(app).toMatchObject({ app_name: `apps-${engine}`, app_id: expect.any(String) });
      expect((await client.get('/apps')).body.map((a: { app_id: string }) => a.app_id)).toContain(app.app_id);
      expect((await client.get(`/apps/${app.app_id}`)).body).toEqual(app);
      const environments = await client.get(`/apps/${app.app_id}/environments`);
      expect(environments.body.map((e: { name: string }) => e.name).sort()).toEqual(['development', 'production', 'staging']);
      expect((await client.post('/apps', { app_name: app.app_name })).status).toBe(409);
      expect((await other.get(`/apps/${app.app_id}`)).status).toBe(404);
      expect((await other.delete(`/apps/${app.app_id}`)).status).toBe(404);
      expect((await client.delete(`/apps/${app.app_id}`)).status).toBe(204);
      expect((await client.get(`/apps/${app.app_id}`)).status).toBe(404);
    });

    it('answers 422 for bad bodies and malformed JSON, and 400 for a bad name', async () => {
      expect(await client.post('/apps', {})).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'app_name'], msg: 'Field required', type: 'missing' }] } });
      expect(await client.post('/apps', '{"app_name": ')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body'], type: 'json_invalid' }] } });
      expect(await client.post('/apps', '[1,2]')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body'], type: 'model_attributes_type' }] } });
      expect((await client.post('/apps', { app_name: 'has spaces' })).status).toBe(400);
      expect((await client.get('/apps/not-a-uuid')).status).toBe(404);
    });
  });

  describe('variants', () => {
    it('registers a variant from a service and reads it back with every seed field (op 3)', async () => {
      const app = await createApp(`variants-${engine}`);
      const variant = await createVariant(app.app_id);
      const fetched = await client.get(`/variants/${variant.variant_id}`);
      expect(fetched.status).toBe(200);
      expect(Object.keys(fetched.body).sort()).toEqual([...VARIANT_FIELDS].sort());
      expect(fetched.body).toMatchObject({
        app_id: app.app_id, app_name: app.app_name, variant_name: 'main', base_name: 'main', config_name: 'default',
        uri: SERVICE_URL, revision: 1, project_id: app.project_id,
      });
      expect((await other.get(`/variants/${variant.variant_id}`)).status).toBe(404);
      expect((await client.get(`/variants/${randomUUID()}`)).status).toBe(404);
    });

    it('adds a variant from a base (op 5): 404 for a missing base, 409 for a taken name, 422 for a bad body', async () => {
      const app = await createApp(`from-base-${engine}`);
      const variant = await createVariant(app.app_id);
      const added = await client.post('/variants/from-base', {
        base_id: variant.base_id, new_variant_name: 'creative', new_config_name: 'creative',
        parameters: { temperature: 1.2 }, commit_message: 'warmer',
      });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ variant_name: 'creative', base_id: variant.base_id, config_name: 'creative', revision: 1 });
      const revisions = await client.get(`/variants/${added.body.variant_id}/revisions`);
      expect(revisions.body).toEqual([expect.objectContaining({ revision: 1, parameters: { temperature: 1.2 }, commit_message: 'warmer', modified_by: 'default' })]);
      const taken = await client.post('/variants/from-base', { base_id: variant.base_id, new_variant_name: 'creative', new_config_name: 'x', parameters: {} });
      expect(taken.status).toBe(409);
      const missing = await client.post('/variants/from-base', { base_id: randomUUID(), new_variant_name: 'y', new_config_name: 'y', parameters: {} });
      expect(missing.status).toBe(404);
      const foreign = await other.post('/variants/from-base', { base_id: variant.base_id, new_variant_name: 'z', new_config_name: 'z', parameters: {} });
      expect(foreign.status).toBe(404);
      const invalid = await client.post('/variants/from-base', { base_id: variant.base_id, new_variant_name: 'q', parameters: 'nope' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.detail).toEqual(expect.arrayContaining([
        { loc: ['body', 'new_config_name'], msg: 'Field required', type: 'missing' },
        expect.objectContaining({ loc: ['body', 'parameters'], type: 'dict_type' }),
      ]));
      expect((await client.get(`/apps/${app.app_id}/variants`)).body).toHaveLength(2);
    });

    it('keeps every parameter change as an immutable revision', async () => {
      const app = await createApp(`revisions-${engine}`);
      const variant = await createVariant(app.app_id);
      const updated = await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: { temperature: 0.7 }, commit_message: 'warmer' });
      expect(updated).toMatchObject({ status: 200, body: { revision: 2 } });
      expect((await client.get(`/variants/${variant.variant_id}/revisions/1`)).body).toMatchObject({ revision: 1, parameters: { temperature: 0.2 } });
      expect((await client.get(`/variants/${variant.variant_id}/revisions/2`)).body).toMatchObject({ revision: 2, parameters: { temperature: 0.7 }, commit_message: 'warmer' });
      expect((await client.get(`/variants/${variant.variant_id}/revisions/3`)).status).toBe(404);
      expect((await client.get(`/variants/${variant.variant_id}/revisions/abc`)).status).toBe(404);
      expect((await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: [1] })).status).toBe(422);
      expect((await other.put(`/variants/${variant.variant_id}/parameters`, { parameters: {} })).status).toBe(404);
    });
  });

  describe('environments', () => {
    it('deploys, reverts and lists the environment history (op 4), newest last', async () => {
      const app = await createApp(`environments-${engine}`);
      const variant = await createVariant(app.app_id);
      const first = await client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id, commit_message: 'go live' });
      expect(first).toMatchObject({ status: 200, body: { revision: 1, deployed_variant_name: 'main' } });
      await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: { temperature: 0.9 } });
      const second = await client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
      expect(second.body.revision).toBe(2);
      const reverted = await client.post(`/environments/revisions/${first.body.id}/revert`, {});
      expect(reverted).toMatchObject({ status: 200, body: { revision: 3, deployed_app_variant_revision: first.body.deployed_app_variant_revision } });

      const record = await client.get(`/apps/${app.app_id}/revisions/production`);
      expect(record.status).toBe(200);
      expect(record.body).toMatchObject({
        name: 'production', app_id: app.app_id, project_id: app.project_id, deployed_app_variant_id: variant.variant_id,
        deployed_variant_name: 'main', deployed_app_variant_revision_id: first.body.deployed_app_variant_revision, revision: 3,
      });
      expect(record.body.revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2, 3]);
      expect(record.body.revisions[0]).toMatchObject({ id: first.body.id, modified_by: 'default', commit_message: 'go live', created_at: expect.any(String) });

      const untouched = await client.get(`/apps/${app.app_id}/revisions/staging`);
      expect(untouched.body).toMatchObject({ deployed_app_variant_id: null, revision: null, revisions: [] });
      expect((await client.get(`/apps/${app.app_id}/revisions/qa`)).status).toBe(404);
      expect((await other.get(`/apps/${app.app_id}/revisions/production`)).status).toBe(404);
      expect((await other.post(`/environments/revisions/${first.body.id}/revert`, {})).status).toBe(404);
    });

    it('deploys a chosen revision, refuses bad deployments and deleting a deployed variant', async () => {
      const app = await createApp(`deploy-rules-${engine}`);
      const variant = await createVariant(app.app_id);
      const deploy = (body: Record<string, unknown>) => client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'staging', variant_id: variant.variant_id, ...body });
      expect((await deploy({ revision: 7 })).status).toBe(404);
      expect((await deploy({ environment_name: 'qa' })).status).toBe(404);
      expect(await deploy({ revision: 'one' })).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'revision'], type: 'int_type' }] } });
      expect(await deploy({ revision: 0 })).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'revision'], type: 'greater_than_equal' }] } });
      const otherApp = await createApp(`deploy-rules-other-${engine}`);
      expect((await deploy({ app_id: otherApp.app_id })).status).toBe(400);
      expect((await deploy({ revision: 1 })).status).toBe(200);
      expect((await client.delete(`/variants/${variant.variant_id}`)).status).toBe(409);
      const spare = await createVariant(app.app_id, 'spare');
      expect((await client.delete(`/variants/${spare.variant_id}`)).status).toBe(204);
      expect((await client.get(`/variants/${spare.variant_id}`)).status).toBe(404);
    });

    it('serves the SDK config registry by environment and by variant revision', async () => {
      const app = await createApp(`configs-${engine}`);
      const variant = await createVariant(app.app_id, 'main', { prompt: 'v1' });
      expect((await client.get(`/configs?app_id=${app.app_id}&environment=production`)).status).toBe(404);
      await client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
      await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: { prompt: 'v2' } });
      const byEnvironment = await client.get(`/configs?app_id=${app.app_id}&environment=production`);
      expect(byEnvironment.body).toEqual({
        app_id: app.app_id, variant_id: variant.variant_id, variant_name: 'main', variant_revision_id: expect.any(String),
        revision: 1, environment: 'production', parameters: { prompt: 'v1' },
      });
      expect((await client.get(`/configs?variant_id=${variant.variant_id}`)).body).toMatchObject({ revision: 2, parameters: { prompt: 'v2' } });
      expect((await client.get(`/configs?variant_id=${variant.variant_id}&revision=1`)).body).toMatchObject({ revision: 1, parameters: { prompt: 'v1' } });
      expect(await client.get(`/configs?app_id=${app.app_id}`)).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'environment'], type: 'missing' }] } });
      expect((await client.get(`/configs?variant_id=${variant.variant_id}&revision=x`)).status).toBe(422);
      expect((await other.get(`/configs?variant_id=${variant.variant_id}`)).status).toBe(404);
    });
  });
});
