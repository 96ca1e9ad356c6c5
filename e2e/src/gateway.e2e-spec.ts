import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { type ExampleStack, startCompletionExample } from './support/example-service';
import { waitFor } from './support/wait-for';

/** `POST /apps/{app_id}/invoke` in front of a workflow service: what the environment has deployed, cached, and dropped on deploy and revert. */
describe.each<Engine>(['pglite', 'postgres'])('the gateway in front of a service on %s', (engine) => {
  let server: RunningApi;
  let example: ExampleStack;
  let appId: string;
  let variantId: string;

  const invoke = (body: Record<string, unknown>, app = appId) => server.client.post(`/apps/${app}/invoke`, body);
  const saveTemplate = (template: string) => ok(server.api.PUT('/variants/{variant_id}/parameters', {
    params: { path: { variant_id: variantId } }, body: { parameters: { prompt_template: template }, commit_message: template },
  }));
  const deploy = (environment: string) => ok(server.api.POST('/environments/deploy', {
    body: { app_id: appId, environment_name: environment, variant_id: variantId },
  }));

  beforeAll(async () => {
    example = await startCompletionExample();
    server = await startApi(engine);
    const app = await ok(server.api.POST('/apps', { body: { app_name: `gateway-${engine}` } }));
    appId = app.app_id;
    const variant = await ok(server.api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: 'completion', url: example.service.url },
    }));
    variantId = variant.variant_id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
  });

  it('answers 404 naming the environment when nothing is deployed there, or when it does not exist', async () => {
    expect(await invoke({ inputs: { input: 'Paris' } })).toMatchObject({
      status: 404, body: { detail: `nothing is deployed to environment "production" of app ${appId}` },
    });
    expect(await invoke({ environment: 'qa', inputs: { input: 'Paris' } })).toMatchObject({
      status: 404, body: { detail: `environment "qa" not found in app ${appId}` },
    });
    expect((await invoke({ inputs: 'not an object' })).status).toBe(422);
  });

  // The route is served ahead of Nest's router (apps/api/src/http/lean-route.ts): its edge answers as every route's do.
  it('answers a bad key, a bad id, a bad body and raw JSON text as every route does, with the security headers', async () => {
    expect(await server.client.withKey(undefined).post(`/apps/${appId}/invoke`, { inputs: {} })).toMatchObject({ status: 401, body: { detail: expect.stringContaining('missing API key') } });
    expect(await server.client.withKey('crc_not-a-key-0123456789abcdefghij').post(`/apps/${appId}/invoke`, { inputs: {} })).toMatchObject({ status: 401, body: { detail: 'invalid API key' } });
    expect(await invoke({ inputs: {} }, 'not-a-uuid')).toMatchObject({ status: 404, body: { detail: expect.stringContaining('not-a-uuid') } });
    expect(await invoke({ inputs: {}, environment: '' })).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'environment'] })] } });
    expect(await invoke({})).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'inputs'], type: 'missing' })] } });
    expect(await server.client.post(`/apps/${appId}/invoke`, '[1, 2]')).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body'] })] } });
    expect(await server.client.post(`/apps/${appId}/invoke`, '{"inputs": ')).toMatchObject({ status: 422 });
    expect(await server.client.post(`/apps/${appId}/invoke`, { inputs: { input: 'a\u0000b' } })).toMatchObject({ status: 422 });
    const answered = await invoke({ inputs: { input: 'Paris' } });
    expect(answered.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answered.headers.get('x-request-id')).toEqual(expect.any(String));
  });

  it('runs the deployed revision and records the call as a trace of its environment', async () => {
    await saveTemplate('MOCK_REPLY: first {input}');
    await deploy('production');
    const { status, body } = await invoke({ inputs: { input: 'Paris' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: 'first Paris', trace_id: expect.any(String), cost: expect.any(Number), latency: expect.any(Number) });
    expect(body.usage).toEqual({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    const trace = await waitFor('the trace', async () => {
      const found = await server.client.get(`/traces/${body.trace_id}`);
      return found.status === 200 ? found.body : undefined;
    }, 10_000);
    expect(trace).toMatchObject({ trace_id: body.trace_id, app_id: appId, variant_id: variantId, environment: 'production' });
  });

  it('sees a deploy on the very next call, and a revert too', async () => {
    expect((await invoke({ inputs: { input: 'Rome' } })).body.data).toBe('first Rome');
    await saveTemplate('MOCK_REPLY: second {input}');
    // Saved but not deployed: the environment still runs what it had.
    expect((await invoke({ inputs: { input: 'Rome' } })).body.data).toBe('first Rome');
    const second = await deploy('production');
    expect((await invoke({ inputs: { input: 'Rome' } })).body.data).toBe('second Rome');
    const history = await ok(server.api.GET('/apps/{app_id}/revisions/{environment_name}', {
      params: { path: { app_id: appId, environment_name: 'production' } },
    }));
    const first = history.revisions.find((revision) => revision.revision === second.revision - 1)!;
    await ok(server.api.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: first.id } }, body: {},
    }));
    expect((await invoke({ inputs: { input: 'Rome' } })).body.data).toBe('first Rome');
  });

  it('keeps environments apart, and answers a service failure as 502 with a trace marked error', async () => {
    await deploy('staging');
    expect((await invoke({ environment: 'staging', inputs: { input: 'Oslo' } })).body.data).toBe('second Oslo');
    expect((await invoke({ inputs: { input: 'Oslo' } })).body.data).toBe('first Oslo');
    await saveTemplate('{missing_variable}');
    await deploy('development');
    const failed = await invoke({ environment: 'development', inputs: { input: 'Oslo' } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const traces = await waitFor('the error trace', async () => {
      const listed = await server.client.get(`/traces?app_id=${appId}&environment=development&status=error`);
      return listed.status === 200 && listed.body.length > 0 ? listed.body : undefined;
    }, 10_000);
    expect(traces[0]).toMatchObject({ environment: 'development', status: 'error' });
  });
});
