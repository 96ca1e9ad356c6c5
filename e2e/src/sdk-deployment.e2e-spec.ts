import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { init, type RunningService } from '@crucible/sdk';
import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { waitFor } from './support/wait-for';

/** The SDK's deployed endpoint reads its configuration from the api's registry: deploying changes what it answers. */
describe('an SDK service deployed through Crucible', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let mock: MockLlmServer;
  let service: RunningService;

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    mock = await startMockLlmServer();
    // A short TTL: a deployment shows on the next call after at most one stale answer.
    init({ host: server.baseUrl, apiKey: server.apiKey, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0, configTtlMs: 50 });
    service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    await mock?.close();
    await server?.close();
  });

  const runDeployed = async (appId: string) => {
    const response = await fetch(`${service.url}/run`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { input: 'Paris' }, environment: 'production', app_id: appId }),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; detail?: unknown } };
  };

  it('takes schema defaults on registration and answers with whatever production has deployed', async () => {
    const app = await ok(api.POST('/apps', { body: { app_name: 'deployed' } }));
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: app.app_id } }, body: { variant_name: 'main', url: service.url },
    }));
    const ofVariant = { params: { path: { variant_id: variant.variant_id } } };
    const [first] = await ok(api.GET('/variants/{variant_id}/revisions', ofVariant));
    expect(first!.parameters).toMatchObject({ model: 'gpt-4o-mini', temperature: expect.any(Number), prompt_template: expect.any(String) });

    const nothingDeployed = await runDeployed(app.app_id);
    expect(nothingDeployed.status).toBe(404);

    const deployTemplate = async (template: string) => {
      await api.PUT('/variants/{variant_id}/parameters', { ...ofVariant, body: { parameters: { ...first!.parameters, prompt_template: template } } });
      await api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } });
    };
    await deployTemplate('MOCK_REPLY: v2 {input}');
    expect(await runDeployed(app.app_id)).toMatchObject({ status: 200, body: { data: 'v2 Paris' } });

    await deployTemplate('MOCK_REPLY: v3 {input}');
    await waitFor('the new deployment to be served', async () => ((await runDeployed(app.app_id)).body.data === 'v3 Paris' ? true : undefined), 10_000, 60);

    const history = await ok(api.GET('/apps/{app_id}/revisions/{environment_name}', {
      params: { path: { app_id: app.app_id, environment_name: 'production' } },
    }));
    await api.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: history.revisions[0]!.id } }, body: {},
    });
    await waitFor('the revert to be served', async () => ((await runDeployed(app.app_id)).body.data === 'v2 Paris' ? true : undefined), 10_000, 60);
  });
});
