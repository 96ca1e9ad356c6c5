import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { init, type RunningService } from '@crucible/sdk';
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';
import { waitFor } from './support/wait-for';

/** The SDK's deployed endpoint reads its configuration from the api's registry: deploying changes what it answers. */
describe('an SDK service deployed through Crucible', () => {
  let api: RunningApi;
  let client: HttpClient;
  let mock: MockLlmServer;
  let service: RunningService;

  beforeAll(async () => {
    api = await startApi('pglite');
    client = api.client;
    mock = await startMockLlmServer();
    // A short TTL: a deployment shows on the next call after at most one stale answer.
    init({ host: api.client.baseUrl, apiKey: api.apiKey, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0, configTtlMs: 50 });
    service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    await mock?.close();
    await api?.close();
  });

  const runDeployed = async (appId: string) => {
    const response = await fetch(`${service.url}/run`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { input: 'Paris' }, environment: 'production', app_id: appId }),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; detail?: unknown } };
  };

  it('takes schema defaults on registration and answers with whatever production has deployed', async () => {
    const app = (await client.post('/apps', { app_name: 'deployed' })).body;
    const variant = (await client.post(`/apps/${app.app_id}/variant/from-service`, { variant_name: 'main', url: service.url })).body;
    const [first] = (await client.get(`/variants/${variant.variant_id}/revisions`)).body;
    expect(first.parameters).toMatchObject({ model: 'gpt-4o-mini', temperature: expect.any(Number), prompt_template: expect.any(String) });

    const nothingDeployed = await runDeployed(app.app_id);
    expect(nothingDeployed.status).toBe(404);

    await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: { ...first.parameters, prompt_template: 'MOCK_REPLY: v2 {input}' } });
    await client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
    expect(await runDeployed(app.app_id)).toMatchObject({ status: 200, body: { data: 'v2 Paris' } });

    await client.put(`/variants/${variant.variant_id}/parameters`, { parameters: { ...first.parameters, prompt_template: 'MOCK_REPLY: v3 {input}' } });
    await client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
    await waitFor('the new deployment to be served', async () => ((await runDeployed(app.app_id)).body.data === 'v3 Paris' ? true : undefined), 10_000, 60);

    const history = (await client.get(`/apps/${app.app_id}/revisions/production`)).body;
    await client.post(`/environments/revisions/${history.revisions[0].id}/revert`, {});
    await waitFor('the revert to be served', async () => ((await runDeployed(app.app_id)).body.data === 'v2 Paris' ? true : undefined), 10_000, 60);
  });
});
