import { init } from '../init/sdk-state';
import { RegistryStandIn, resolvedConfig, waitFor } from '../testing/registry-stand-in';
import { getPrompt, promptFetchCount } from './get-prompt';
import type { PromptParameters } from './prompt-template';

const APP_ID = '0b8f7a52-4a0e-4a53-9d47-4e2d0f3c9a11';
const parametersSaying = (system: string): PromptParameters => ({
  prompt: { messages: [{ role: 'system', content: system }, { role: 'user', content: '{{question}}' }], template_format: 'curly' },
});

describe('getPrompt', () => {
  let registry: RegistryStandIn;
  let now: number;
  const warnings: string[] = [];

  beforeEach(async () => {
    registry = await new RegistryStandIn().start();
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    init({ host: registry.url, apiKey: 'crc_test', exportTraces: false, logger: { warn: (message) => warnings.push(message) } });
    registry.configs.set('env:support-bot:production', resolvedConfig(parametersSaying('v1'), { revision: 1 }));
    registry.configs.set(`env:${APP_ID}:staging`, resolvedConfig(parametersSaying('by id'), { revision: 4, environment: 'staging' }));
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await registry.stop();
  });

  it('fetches once, then answers from memory within the TTL: the same prompt, no network call', async () => {
    const first = await getPrompt({ app: 'support-bot' });
    const fetches = promptFetchCount();
    now += 59_000;
    const again = await Promise.all([getPrompt({ app: 'support-bot' }), getPrompt({ app: 'support-bot' })]);
    expect(again).toEqual([first, first]);
    expect(promptFetchCount()).toBe(fetches);
    expect(registry.calls).toHaveLength(1);
    expect(registry.calls[0]).toEqual({ query: { app_name: 'support-bot', environment: 'production' }, authorization: 'ApiKey crc_test' });
    expect(first).toMatchObject({ revision: 1, environment: 'production' });
    expect(first.compile({ question: 'Where is my parcel?' })).toEqual([
      { role: 'system', content: 'v1' }, { role: 'user', content: 'Where is my parcel?' },
    ]);
  });

  it('asks by id when given an id, for the environment named', async () => {
    const prompt = await getPrompt({ app: APP_ID, environment: 'staging' });
    expect(prompt).toMatchObject({ revision: 4, environment: 'staging' });
    expect(registry.calls[0]!.query).toEqual({ app_id: APP_ID, environment: 'staging' });
  });

  it('serves the stale prompt at once when the TTL passed, and the new deployment once the background fetch brought it', async () => {
    await getPrompt({ app: 'support-bot', cacheTtlSeconds: 10 });
    registry.configs.set('env:support-bot:production', resolvedConfig(parametersSaying('v2'), { revision: 2 }));
    now += 10_000;
    expect((await getPrompt({ app: 'support-bot', cacheTtlSeconds: 10 })).revision).toBe(1);
    await waitFor(() => registry.calls.length === 2, 'the background fetch');
    await waitFor(async () => (await getPrompt({ app: 'support-bot', cacheTtlSeconds: 10 })).revision === 2, 'the new revision');
    expect(registry.calls).toHaveLength(2);
  });

  it('keeps serving the last prompt while the api is unreachable, without waiting for it', async () => {
    await getPrompt({ app: 'support-bot' });
    await registry.stop();
    now += 61_000;
    const prompt = await getPrompt({ app: 'support-bot' });
    expect(prompt.compile({ question: 'still there?' })[0]).toEqual({ role: 'system', content: 'v1' });
    await waitFor(() => warnings.some((w) => w.includes('kept the last prompt')), 'the failed refresh');
    expect((await getPrompt({ app: 'support-bot' })).revision).toBe(1);
  });

  it('serves the fallback when the first fetch fails, and the deployment once the api answers', async () => {
    registry.failWith = 503;
    const fallback = parametersSaying('fallback');
    const prompt = await getPrompt({ app: 'support-bot', fallback });
    expect(prompt).toMatchObject({ revision: null, parameters: fallback });
    registry.failWith = undefined;
    now += 5_000;
    await getPrompt({ app: 'support-bot', fallback });
    await waitFor(async () => (await getPrompt({ app: 'support-bot', fallback })).revision === 1, 'the deployment');
  });

  it('fails without a fallback when nothing can be fetched, and tries again on the next call', async () => {
    await expect(getPrompt({ app: 'unknown-app' })).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    registry.configs.set('env:unknown-app:production', resolvedConfig(parametersSaying('now deployed')));
    expect((await getPrompt({ app: 'unknown-app' })).revision).toBe(1);
  });

  it('refuses parameters that hold no prompt', async () => {
    registry.configs.set('env:service-app:production', resolvedConfig({ temperature: 0.2 }));
    await expect(getPrompt({ app: 'service-app' })).rejects.toThrow(/no prompt.messages/);
  });
});
