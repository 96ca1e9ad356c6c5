import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type PromptParameters, getPrompt, init } from '@crucible/sdk';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { waitFor } from './support/wait-for';
import { overrideEnvironment } from './support/process-environment';

const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 5).toString('base64');

const promptSaying = (system: string, connectionId: string): PromptParameters => ({
  prompt: {
    messages: [{ role: 'system', content: system }, { role: 'user', content: 'Answer: {{question}}' }], template_format: 'curly',
    llm_config: { model: 'mock/gpt-4o-mini', connection_id: connectionId },
  },
});

/** The SDK's getPrompt against a real api: deployed revisions by app name, refreshed in the background, stale once the api is gone. */
describe.each<Engine>(['pglite', 'postgres'])('getPrompt against the api on %s', (engine) => {
  let server: RunningApi | undefined;
  let mock: MockLlmServer;
  let restoreEnvironment = (): void => undefined;
  const appName = `support-bot-${engine}`;
  let variantId: string;
  let connectionId: string;

  const deploy = async (system: string) => {
    const saved = await server!.client.put(`/variants/${variantId}/parameters`, { parameters: promptSaying(system, connectionId) });
    expect(saved.status).toBe(200);
    expect((await server!.client.post('/environments/deploy', { environment_name: 'production', variant_id: variantId })).status).toBe(200);
  };

  beforeAll(async () => {
    mock = await startMockLlmServer();
    restoreEnvironment = overrideEnvironment({ ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}) });
    server = await startApi(engine, { outbound: OUTBOUND });
    const connection = await server.client.post('/provider-connections', { name: 'mock', kind: 'openai_compatible', base_url: mock.url, api_key: 'k' });
    connectionId = connection.body.id;
    const app = await server.client.post('/apps', { app_name: appName });
    const variant = await server.client.post(`/apps/${app.body.app_id}/variant/from-service`, {
      variant_name: 'chat', url: 'crucible:builtin:chat:v1', parameters: promptSaying('v1', connectionId),
    });
    expect(variant.status).toBe(200);
    variantId = variant.body.variant_id;
    await deploy('v1');
    init({ host: server.baseUrl, apiKey: server.apiKey, exportTraces: false, logger: { warn: () => undefined } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await mock?.close();
    restoreEnvironment();
  });

  it('fetches the deployed prompt by app name and compiles its messages', async () => {
    const prompt = await getPrompt({ app: appName, cacheTtlSeconds: 1 });
    expect(prompt).toMatchObject({ revision: 2, environment: 'production' });
    expect(prompt.compile({ question: 'Where is my parcel?' })).toEqual([
      { role: 'system', content: 'v1' }, { role: 'user', content: 'Answer: Where is my parcel?' },
    ]);
  });

  it('serves the last prompt at once once stale, and the new deployment after the background refresh', async () => {
    await deploy('v2');
    await waitFor('the new deployment', async () => {
      const prompt = await getPrompt({ app: appName, cacheTtlSeconds: 1 });
      return prompt.compile({ question: 'q' })[0]!.content === 'v2' ? prompt : undefined;
    }, 10_000, 100);
  });

  it('keeps serving the last prompt while the api is stopped, and the fallback for what it never fetched', async () => {
    await server!.close();
    server = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Stale now: each call starts a refresh that fails, and answers from memory all the same.
    for (let call = 0; call < 3; call++) {
      const prompt = await getPrompt({ app: appName, cacheTtlSeconds: 1 });
      expect(prompt.compile({ question: 'still there?' })[0]).toEqual({ role: 'system', content: 'v2' });
    }
    const fallback = promptSaying('fallback', 'none');
    expect(await getPrompt({ app: 'never-fetched', fallback })).toMatchObject({ revision: null, parameters: fallback });
    await expect(getPrompt({ app: 'never-fetched-either' })).rejects.toThrow(/unreachable/);
  });
});
