import { randomUUID } from 'node:crypto';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
// Raw client only for what the contract forbids (wrong types, missing fields, broken JSON) and /openapi.json itself.
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';

const SERVICE_URL = 'http://127.0.0.1:9';
const VARIANT_FIELDS = [
  'app_id', 'app_name', 'variant_id', 'variant_name', 'project_id', 'base_name', 'base_id', 'config_name', 'uri',
  'revision', 'created_at', 'updated_at', 'modified_by_id',
];

describe.each<Engine>(['pglite', 'postgres'])('registry over HTTP on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let other: CrucibleClient;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    raw = server.client;
    const created = await api.POST('/projects', { body: { name: 'other-team' } });
    expect(created.response.status).toBe(200);
    other = server.withKey(created.data!.api_key!.key);
  });
  afterAll(() => server.close());

  async function createApp(name: string) {
    const { data, response } = await api.POST('/apps', { body: { app_name: name } });
    expect(response.status).toBe(200);
    return data!;
  }

  async function createVariant(appId: string, name = 'main', parameters: Record<string, unknown> = { temperature: 0.2 }) {
    const { data, response } = await api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: name, url: SERVICE_URL, parameters, commit_message: 'first' },
    });
    expect(response.status).toBe(200);
    return data!;
  }

  const appPath = (appId: string) => ({ params: { path: { app_id: appId } } });
  const variantPath = (variantId: string) => ({ params: { path: { variant_id: variantId } } });

  describe('access', () => {
    it('answers 401 without a key or with a bad one, and serves health and docs openly', async () => {
      expect((await server.withKey(undefined).GET('/apps')).response.status).toBe(401);
      const bad = await answer(server.withKey('crc_nope').GET('/apps'));
      expect(bad).toMatchObject({ status: 401, body: { detail: 'invalid API key' } });
      expect(await answer(server.withKey(undefined).GET('/health'))).toMatchObject({ status: 200, body: { status: 'ok' } });
      const openapi = await raw.withKey(undefined).get('/openapi.json');
      expect(openapi.status).toBe(200);
      expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/variants/from-base', '/apps/{app_id}/revisions/{environment_name}']));
    });

    it('accepts Bearer as well as ApiKey', async () => {
      const { response } = await server.withKey(undefined).GET('/apps', { headers: { authorization: `Bearer ${server.apiKey}` } });
      expect(response.status).toBe(200);
    });

    it('creates and deletes API keys of its own project only', async () => {
      const projectId = (await createApp(`keys-${engine}`)).project_id;
      const ofProject = { params: { path: { project_id: projectId } } };
      const created = await api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'ci' } });
      expect(created.response.status).toBe(200);
      expect(created.data).toMatchObject({ name: 'ci', project_id: projectId, key: expect.stringMatching(/^crc_/) });
      const key = created.data!;
      const ofKey = { params: { path: { project_id: projectId, key_id: key.id } } };
      const ci = server.withKey(key.key);
      expect((await ci.GET('/apps')).response.status).toBe(200);
      expect((await other.POST('/projects/{project_id}/api-keys', { ...ofProject, body: {} })).response.status).toBe(404);
      expect((await other.DELETE('/projects/{project_id}/api-keys/{key_id}', ofKey)).response.status).toBe(404);
      const listed = await ok(api.GET('/projects/{project_id}/api-keys', ofProject));
      expect(listed.map((k) => k.id)).toContain(key.id);
      expect(JSON.stringify(listed)).not.toContain(key.key);
      expect((await api.DELETE('/projects/{project_id}/api-keys/{key_id}', ofKey)).response.status).toBe(204);
      expect((await ci.GET('/apps')).response.status).toBe(401);
      expect((await api.DELETE('/projects/{project_id}/api-keys/{key_id}', ofKey)).response.status).toBe(404);
    });

    it('validates the project body', async () => {
      const response = await raw.post('/projects', { name: 42 });
      expect(response).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], type: 'string_type' }] } });
    });
  });

  describe('apps', () => {
    it('creates, lists, reads and deletes apps with their three environments', async () => {
      const app = await createApp(`apps-${engine}`);
      expect(app).toMatchObject({ app_name: `apps-${engine}`, app_id: expect.any(String) });
      expect((await ok(api.GET('/apps'))).map((a) => a.app_id)).toContain(app.app_id);
      expect(await ok(api.GET('/apps/{app_id}', appPath(app.app_id)))).toEqual(app);
      const environments = await ok(api.GET('/apps/{app_id}/environments', appPath(app.app_id)));
      expect(environments.map((e) => e.name).sort()).toEqual(['development', 'production', 'staging']);
      expect((await api.POST('/apps', { body: { app_name: app.app_name } })).response.status).toBe(409);
      expect((await other.GET('/apps/{app_id}', appPath(app.app_id))).response.status).toBe(404);
      expect((await other.DELETE('/apps/{app_id}', appPath(app.app_id))).response.status).toBe(404);
      expect((await api.DELETE('/apps/{app_id}', appPath(app.app_id))).response.status).toBe(204);
      expect((await api.GET('/apps/{app_id}', appPath(app.app_id))).response.status).toBe(404);
    });

    it('answers 422 for bad bodies and malformed JSON, and 400 for a bad name', async () => {
      expect(await raw.post('/apps', {})).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'app_name'], msg: 'Field required', type: 'missing' }] } });
      expect(await raw.post('/apps', '{"app_name": ')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body'], type: 'json_invalid' }] } });
      expect(await raw.post('/apps', '[1,2]')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body'], type: 'model_attributes_type' }] } });
      expect((await api.POST('/apps', { body: { app_name: 'has spaces' } })).response.status).toBe(400);
      expect((await api.GET('/apps/{app_id}', appPath('not-a-uuid'))).response.status).toBe(404);
    });
  });

  describe('variants', () => {
    it('registers a variant from a service and reads it back with every seed field (op 3)', async () => {
      const app = await createApp(`variants-${engine}`);
      const variant = await createVariant(app.app_id);
      const fetched = await api.GET('/variants/{variant_id}', variantPath(variant.variant_id));
      expect(fetched.response.status).toBe(200);
      expect(Object.keys(fetched.data!).sort()).toEqual([...VARIANT_FIELDS].sort());
      expect(fetched.data).toMatchObject({
        app_id: app.app_id, app_name: app.app_name, variant_name: 'main', base_name: 'main', config_name: 'default',
        uri: SERVICE_URL, revision: 1, project_id: app.project_id,
      });
      expect((await other.GET('/variants/{variant_id}', variantPath(variant.variant_id))).response.status).toBe(404);
      expect((await api.GET('/variants/{variant_id}', variantPath(randomUUID()))).response.status).toBe(404);
    });

    it('adds a variant from a base (op 5): 404 for a missing base, 409 for a taken name, 422 for a bad body', async () => {
      const app = await createApp(`from-base-${engine}`);
      const variant = await createVariant(app.app_id);
      const added = await api.POST('/variants/from-base', {
        body: {
          base_id: variant.base_id, new_variant_name: 'creative', new_config_name: 'creative',
          parameters: { temperature: 1.2 }, commit_message: 'warmer',
        },
      });
      expect(added.response.status).toBe(200);
      expect(added.data).toMatchObject({ variant_name: 'creative', base_id: variant.base_id, config_name: 'creative', revision: 1 });
      const revisions = await ok(api.GET('/variants/{variant_id}/revisions', variantPath(added.data!.variant_id)));
      expect(revisions).toEqual([expect.objectContaining({ revision: 1, parameters: { temperature: 1.2 }, commit_message: 'warmer', modified_by: 'default' })]);
      const fromBase = (who: CrucibleClient, body: CrucibleSchemas['AddVariantFromBaseDto']) => who.POST('/variants/from-base', { body });
      const taken = await fromBase(api, { base_id: variant.base_id, new_variant_name: 'creative', new_config_name: 'x', parameters: {} });
      expect(taken.response.status).toBe(409);
      const missing = await fromBase(api, { base_id: randomUUID(), new_variant_name: 'y', new_config_name: 'y', parameters: {} });
      expect(missing.response.status).toBe(404);
      const foreign = await fromBase(other, { base_id: variant.base_id, new_variant_name: 'z', new_config_name: 'z', parameters: {} });
      expect(foreign.response.status).toBe(404);
      const invalid = await raw.post('/variants/from-base', { base_id: variant.base_id, new_variant_name: 'q', parameters: 'nope' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.detail).toEqual(expect.arrayContaining([
        { loc: ['body', 'new_config_name'], msg: 'Field required', type: 'missing' },
        expect.objectContaining({ loc: ['body', 'parameters'], type: 'dict_type' }),
      ]));
      expect(await ok(api.GET('/apps/{app_id}/variants', appPath(app.app_id)))).toHaveLength(2);
    });

    it('keeps every parameter change as an immutable revision', async () => {
      const app = await createApp(`revisions-${engine}`);
      const variant = await createVariant(app.app_id);
      const revision = (number: number) => api.GET('/variants/{variant_id}/revisions/{revision}', {
        params: { path: { variant_id: variant.variant_id, revision: number } },
      });
      const updated = await answer(api.PUT('/variants/{variant_id}/parameters', {
        ...variantPath(variant.variant_id), body: { parameters: { temperature: 0.7 }, commit_message: 'warmer' },
      }));
      expect(updated).toMatchObject({ status: 200, body: { revision: 2 } });
      expect((await revision(1)).data).toMatchObject({ revision: 1, parameters: { temperature: 0.2 } });
      expect((await revision(2)).data).toMatchObject({ revision: 2, parameters: { temperature: 0.7 }, commit_message: 'warmer' });
      expect((await revision(3)).response.status).toBe(404);
      expect((await raw.get(`/variants/${variant.variant_id}/revisions/abc`)).status).toBe(404);
      expect((await raw.put(`/variants/${variant.variant_id}/parameters`, { parameters: [1] })).status).toBe(422);
      expect((await other.PUT('/variants/{variant_id}/parameters', { ...variantPath(variant.variant_id), body: { parameters: {} } })).response.status).toBe(404);
    });
  });

  describe('environments', () => {
    it('deploys, reverts and lists the environment history (op 4), newest last', async () => {
      const app = await createApp(`environments-${engine}`);
      const variant = await createVariant(app.app_id);
      const first = await answer(api.POST('/environments/deploy', {
        body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id, commit_message: 'go live' },
      }));
      expect(first).toMatchObject({ status: 200, body: { revision: 1, deployed_variant_name: 'main' } });
      await api.PUT('/variants/{variant_id}/parameters', { ...variantPath(variant.variant_id), body: { parameters: { temperature: 0.9 } } });
      const second = await api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } });
      expect(second.data!.revision).toBe(2);
      const revert = (who: CrucibleClient) => who.POST('/environments/revisions/{environment_revision_id}/revert', {
        params: { path: { environment_revision_id: first.body.id } }, body: {},
      });
      const reverted = await answer(revert(api));
      expect(reverted).toMatchObject({ status: 200, body: { revision: 3, deployed_app_variant_revision: first.body.deployed_app_variant_revision } });

      const history = (who: CrucibleClient, environment: string) => who.GET('/apps/{app_id}/revisions/{environment_name}', {
        params: { path: { app_id: app.app_id, environment_name: environment } },
      });
      const record = await history(api, 'production');
      expect(record.response.status).toBe(200);
      expect(record.data).toMatchObject({
        name: 'production', app_id: app.app_id, project_id: app.project_id, deployed_app_variant_id: variant.variant_id,
        deployed_variant_name: 'main', deployed_app_variant_revision_id: first.body.deployed_app_variant_revision, revision: 3,
      });
      expect(record.data!.revisions.map((r) => r.revision)).toEqual([1, 2, 3]);
      expect(record.data!.revisions[0]).toMatchObject({ id: first.body.id, modified_by: 'default', commit_message: 'go live', created_at: expect.any(String) });

      const untouched = await history(api, 'staging');
      expect(untouched.data).toMatchObject({ deployed_app_variant_id: null, revision: null, revisions: [] });
      expect((await history(api, 'qa')).response.status).toBe(404);
      expect((await history(other, 'production')).response.status).toBe(404);
      expect((await revert(other)).response.status).toBe(404);
    });

    it('deploys a chosen revision, refuses bad deployments and deleting a deployed variant', async () => {
      const app = await createApp(`deploy-rules-${engine}`);
      const variant = await createVariant(app.app_id);
      const staging = { app_id: app.app_id, environment_name: 'staging', variant_id: variant.variant_id };
      const deploy = (body: Partial<CrucibleSchemas['DeployDto']>) => answer(api.POST('/environments/deploy', { body: { ...staging, ...body } }));
      expect((await deploy({ revision: 7 })).status).toBe(404);
      expect((await deploy({ environment_name: 'qa' })).status).toBe(404);
      expect(await raw.post('/environments/deploy', { ...staging, revision: 'one' }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'revision'], type: 'int_type' }] } });
      expect(await deploy({ revision: 0 })).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'revision'], type: 'greater_than_equal' }] } });
      const otherApp = await createApp(`deploy-rules-other-${engine}`);
      expect((await deploy({ app_id: otherApp.app_id })).status).toBe(400);
      expect((await deploy({ revision: 1 })).status).toBe(200);
      expect((await api.DELETE('/variants/{variant_id}', variantPath(variant.variant_id))).response.status).toBe(409);
      const spare = await createVariant(app.app_id, 'spare');
      expect((await api.DELETE('/variants/{variant_id}', variantPath(spare.variant_id))).response.status).toBe(204);
      expect((await api.GET('/variants/{variant_id}', variantPath(spare.variant_id))).response.status).toBe(404);
    });

    it('serves the SDK config registry by environment and by variant revision', async () => {
      const app = await createApp(`configs-${engine}`);
      const variant = await createVariant(app.app_id, 'main', { prompt: 'v1' });
      const config = (who: CrucibleClient, query: { app_id?: string; environment?: string; variant_id?: string; revision?: number }) =>
        answer(who.GET('/configs', { params: { query } }));
      expect((await config(api, { app_id: app.app_id, environment: 'production' })).status).toBe(404);
      await api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } });
      await api.PUT('/variants/{variant_id}/parameters', { ...variantPath(variant.variant_id), body: { parameters: { prompt: 'v2' } } });
      const byEnvironment = await config(api, { app_id: app.app_id, environment: 'production' });
      expect(byEnvironment.body).toEqual({
        app_id: app.app_id, variant_id: variant.variant_id, variant_name: 'main', variant_revision_id: expect.any(String),
        revision: 1, environment: 'production', parameters: { prompt: 'v1' },
      });
      expect((await config(api, { variant_id: variant.variant_id })).body).toMatchObject({ revision: 2, parameters: { prompt: 'v2' } });
      expect((await config(api, { variant_id: variant.variant_id, revision: 1 })).body).toMatchObject({ revision: 1, parameters: { prompt: 'v1' } });
      expect(await config(api, { app_id: app.app_id })).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'environment'], type: 'missing' }] } });
      expect((await raw.get(`/configs?variant_id=${variant.variant_id}&revision=x`)).status).toBe(422);
      expect((await config(other, { variant_id: variant.variant_id })).status).toBe(404);
    });
  });
});
