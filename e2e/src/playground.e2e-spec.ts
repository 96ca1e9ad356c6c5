import type { CrucibleClient } from '@crucible/client';
// Raw client only for a body the contract forbids (inputs that are not an object).
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { type ExampleStack, startCompletionExample } from './support/example-service';

/** The console's two playground endpoints, against the example completion service on the mock LLM. */
describe('playground endpoints (GET /variants/{id}/schema, POST /variants/{id}/playground/run)', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let example: ExampleStack;
  let variantId: string;

  const ofVariant = (id: string) => ({ params: { path: { variant_id: id } } });
  const run = (body: { inputs: Record<string, unknown>; config?: Record<string, unknown>; revision?: number }, who = api, id = variantId) =>
    answer(who.POST('/variants/{variant_id}/playground/run', { ...ofVariant(id), body }));

  beforeAll(async () => {
    example = await startCompletionExample();
    server = await startApi('pglite');
    api = server.api;
    const app = await ok(api.POST('/apps', { body: { app_name: 'playground-e2e' } }));
    const variant = await api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: app.app_id } }, body: { variant_name: 'completion', url: example.service.url },
    });
    expect(variant.response.status).toBeLessThan(300);
    variantId = variant.data!.variant_id;
    // Revision 2 answers verbatim through the mock LLM, so the runs below can assert exact outputs.
    const first = await ok(api.GET('/variants/{variant_id}/revisions/{revision}', { params: { path: { variant_id: variantId, revision: 1 } } }));
    await api.PUT('/variants/{variant_id}/parameters', {
      ...ofVariant(variantId),
      body: { parameters: { ...first.parameters, prompt_template: 'MOCK_REPLY: stored {input}' }, commit_message: 'scripted reply' },
    });
  }, 120_000); // booting the api and the example service takes a while on a busy machine
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it('describes the route: inputs, every field with its kind, default and bounds', async () => {
    const { data, response } = await api.GET('/variants/{variant_id}/schema', ofVariant(variantId));
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ variant_id: variantId, uri: example.service.url, route: '/', routes: ['/'], inputs: ['input'] });
    const fields = data!.config_schema.properties;
    expect(fields['temperature']).toMatchObject({ 'x-parameter': 'float', default: 0.7, minimum: 0, maximum: 2 });
    expect(fields['max_tokens']).toMatchObject({ 'x-parameter': 'int', default: 256, minimum: 1, maximum: 4000 });
    expect(fields['use_system_prompt']).toMatchObject({ 'x-parameter': 'bool', default: true });
    expect(fields['prompt_template']).toMatchObject({ 'x-parameter': 'text' });
    expect(fields['model']).toMatchObject({ 'x-parameter': 'grouped_choice', default: 'gpt-4o-mini' });
    expect(Object.keys(fields['model']!.choices ?? {}).length).toBeGreaterThan(1);
    expect(fields['style']).toMatchObject({ 'x-parameter': 'choice', enum: ['concise', 'detailed', 'bullet points'] });
  });

  it('runs the latest revision with the edited config and answers the output and its trace', async () => {
    const { data, response } = await api.POST('/variants/{variant_id}/playground/run', {
      ...ofVariant(variantId),
      body: { inputs: { input: 'Paris' }, config: { prompt_template: 'MOCK_REPLY: edited {input}', temperature: 1.3 } },
    });
    expect(response.status).toBe(200);
    expect(data!.data).toBe('edited Paris');
    expect(data!.trace).toMatchObject({ tokens: { total: expect.any(Number) }, cost: expect.any(Number) });
    expect(data!.trace!.spans.some((span) => span.kind === 'llm' && span.model === 'gpt-4o-mini')).toBe(true);
  });

  it('starts from the named revision, and from the latest without one', async () => {
    const latest = await run({ inputs: { input: 'Rome' } });
    expect(latest).toMatchObject({ status: 200, body: { data: 'stored Rome' } });
    const first = await run({ inputs: { input: 'Rome' }, revision: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toContain('Echo:'); // revision 1's default template is not scripted: the mock echoes it
    expect(first.body.data).toContain('Rome');
    const missing = await run({ inputs: { input: 'Rome' }, revision: 9 });
    expect(missing).toMatchObject({ status: 404, body: { detail: expect.stringContaining('no revision 9') } });
  });

  it("answers the service's 422 naming the same field, and validates its own body", async () => {
    const outOfBounds = await run({ inputs: { input: 'x' }, config: { temperature: 5 } });
    expect(outOfBounds.status).toBe(422);
    expect(outOfBounds.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'config', 'temperature'], type: 'less_than_equal' })]);
    const notAnObject = await server.client.post(`/variants/${variantId}/playground/run`, { inputs: 'Paris' });
    expect(notAnObject.status).toBe(422);
    expect(notAnObject.body.detail[0].loc).toEqual(['body', 'inputs']);
    const badRevision = await run({ inputs: {}, revision: 0 });
    expect(badRevision.status).toBe(422);
  });

  it('says which service it cannot reach (502), and hides other projects’ variants (404)', async () => {
    const app = await ok(api.POST('/apps', { body: { app_name: 'unreachable-e2e' } }));
    const dead = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: app.app_id } }, body: { variant_name: 'gone', url: 'http://127.0.0.1:9', parameters: {} },
    }));
    const schema = await answer(api.GET('/variants/{variant_id}/schema', ofVariant(dead.variant_id)));
    expect(schema).toMatchObject({ status: 502, body: { detail: expect.stringContaining('cannot reach http://127.0.0.1:9/openapi.json') } });
    expect((await run({ inputs: {} }, api, dead.variant_id)).status).toBe(502);

    const other = await ok(api.POST('/projects', { body: { name: 'someone-else' } }));
    const stranger = server.withKey(other.api_key!.key);
    expect((await stranger.GET('/variants/{variant_id}/schema', ofVariant(variantId))).response.status).toBe(404);
    expect((await run({ inputs: {} }, stranger)).status).toBe(404);
  });

  it('names the caller\'s project, and renames apps with the same rules as creating them', async () => {
    const current = await api.GET('/projects/current');
    expect(current.response.status).toBe(200);
    expect(current.data).toMatchObject({ name: 'default', api_key: { name: 'default' } });
    const first = await ok(api.POST('/apps', { body: { app_name: 'rename-me' } }));
    await api.POST('/apps', { body: { app_name: 'taken-name' } });
    const ofApp = { params: { path: { app_id: first.app_id } } };
    const rename = (appName: string, who = api) => answer(who.PATCH('/apps/{app_id}', { ...ofApp, body: { app_name: appName } }));
    expect(await rename('renamed')).toMatchObject({ status: 200, body: { app_id: first.app_id, app_name: 'renamed' } });
    expect((await ok(api.GET('/apps/{app_id}', ofApp))).app_name).toBe('renamed');
    expect((await rename('taken-name')).status).toBe(409);
    const blank = await rename('');
    expect(blank.status).toBe(422);
    expect((await ok(api.GET('/apps/{app_id}', ofApp))).app_name).toBe('renamed');
    const other = await ok(api.POST('/projects', { body: { name: 'rename-stranger' } }));
    const stranger = server.withKey(other.api_key!.key);
    expect((await rename('mine', stranger)).status).toBe(404);
    expect((await ok(stranger.GET('/projects/current'))).name).toBe('rename-stranger');
  });
});
