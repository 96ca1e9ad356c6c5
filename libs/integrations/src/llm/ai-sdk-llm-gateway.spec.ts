import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { LlmProviderError, type LlmStreamEvent } from '@crucible/application';
import { InMemoryConnectionCredentials, InMemoryModelPricing } from '@crucible/application/testing';
import { UndiciOutboundGuard } from '../outbound';
import { AiSdkLlmGateway } from './ai-sdk-llm-gateway';

const KEY = 'sk-ant-secret-for-the-mock-1234';
const PROJECT = 'p1';
const PRICES = { 'claude-3-5-haiku-latest': { input: 0.8, output: 4, cachedInput: 0.08 }, 'gpt-4o-mini': { input: 0.15, output: 0.6 } };

async function collect(events: AsyncIterable<LlmStreamEvent>): Promise<LlmStreamEvent[]> {
  const all: LlmStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('AiSdkLlmGateway against the mock LLM', () => {
  let mock: MockLlmServer;
  let guard: UndiciOutboundGuard;
  let gateway: AiSdkLlmGateway;
  let pricing: InMemoryModelPricing;
  const wire = [
    { format: 'anthropic', connectionId: 'c-anthropic', model: 'anthropic/claude-3-5-haiku-latest' },
    { format: 'openai_compatible', connectionId: 'c-compat', model: 'local/gpt-4o-mini' },
  ];

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: KEY });
    guard = new UndiciOutboundGuard({ allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 1_000_000 });
    const connections = new InMemoryConnectionCredentials()
      .add(PROJECT, { id: 'c-anthropic', name: 'claude', kind: 'anthropic', apiKey: KEY, baseUrl: mock.url })
      .add(PROJECT, { id: 'c-compat', name: 'local', kind: 'openai_compatible', apiKey: KEY, baseUrl: mock.url })
      .add(PROJECT, { id: 'c-wrong', name: 'wrong', kind: 'anthropic', apiKey: 'sk-wrong', baseUrl: mock.url })
      .add(PROJECT, { id: 'c-wrong-openai', name: 'wrong-openai', kind: 'openai', apiKey: 'sk-wrong', baseUrl: mock.url })
      .add(PROJECT, { id: 'c-drop', name: 'drop', kind: 'anthropic', apiKey: KEY, baseUrl: mock.url, headers: { 'x-mock-fail': 'drop' } })
      .add(PROJECT, { id: 'c-slow', name: 'slow', kind: 'openai', apiKey: KEY, baseUrl: mock.url, headers: { 'x-mock-fail': 'timeout' } })
      .add(PROJECT, { id: 'c-meta', name: 'meta', kind: 'openai', apiKey: KEY, baseUrl: 'http://169.254.169.254/v1' })
      .add(PROJECT, { id: 'c-wrong-compat', name: 'wrong-compat', kind: 'openai_compatible', apiKey: 'sk-wrong', baseUrl: mock.url })
      .add(PROJECT, { id: 'c-drop-compat', name: 'drop-compat', kind: 'openai_compatible', apiKey: KEY, baseUrl: mock.url, headers: { 'X-Mock-Fail': 'drop' } })
      .add(PROJECT, { id: 'c-slow-compat', name: 'slow-compat', kind: 'openai_compatible', apiKey: KEY, baseUrl: mock.url, headers: { 'x-mock-fail': 'timeout' } })
      .add(PROJECT, { id: 'c-meta-compat', name: 'meta-compat', kind: 'openai_compatible', apiKey: KEY, baseUrl: 'http://169.254.169.254/v1' });
    pricing = new InMemoryModelPricing(PRICES);
    gateway = new AiSdkLlmGateway(connections, pricing, { fetch: guard.fetch, outbound: guard, timeoutMs: 1500 });
  });
  afterAll(async () => {
    await guard.onModuleDestroy();
    await mock.close();
  });

  it.each(wire)('generates text with usage, cached tokens and cost ($format)', async ({ connectionId, model }) => {
    const result = await gateway.generate({
      projectId: PROJECT, connectionId, model,
      messages: [{ role: 'system', content: 'Grade it well' }, { role: 'user', content: 'MOCK_REPLY: 8 out of ten' }],
    });
    expect(result.text).toBe('8 out of ten');
    // 3 system words are the cached part of 3 + 5 input words; 4 words out.
    expect(result.usage).toEqual({ input: 8, output: 4, cachedInput: 3 });
    const price = PRICES[model.split('/')[1] as keyof typeof PRICES];
    const cachedPrice = 'cachedInput' in price ? price.cachedInput : price.input;
    expect(result.cost).toBeCloseTo((5 * price.input + 3 * cachedPrice + 4 * price.output) / 1e6, 12);
    expect(pricing.priced.at(-1)?.model).toBe(model.split('/')[1]);
  });

  it.each(wire)('streams text with time to first token and a final usage ($format)', async ({ connectionId, model }) => {
    const events = await collect(gateway.stream({ projectId: PROJECT, connectionId, model, messages: [{ role: 'user', content: 'MOCK_REPLY: one two three' }] }));
    const deltas = events.filter((event) => event.type === 'text');
    expect(deltas.length).toBe(3);
    const finish = events.at(-1);
    expect(finish).toMatchObject({ type: 'finish', text: 'one two three', usage: { input: 4, output: 3 } });
    expect(finish?.type === 'finish' && finish.timeToFirstTokenMs).toEqual(expect.any(Number));
  });

  it.each(wire)('returns tool calls and JSON-schema output ($format)', async ({ connectionId, model }) => {
    const tools = [{ name: 'weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
    const called = await gateway.generate({
      projectId: PROJECT, connectionId, model, tools, toolChoice: 'required',
      messages: [{ role: 'user', content: 'MOCK_TOOL_ARGS: {"city":"Oslo"}' }],
    });
    expect(called.toolCalls).toEqual([{ id: expect.any(String), name: 'weather', arguments: { city: 'Oslo' } }]);
    const answered = await gateway.generate({
      projectId: PROJECT, connectionId, model, tools,
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: '', toolCalls: called.toolCalls },
        { role: 'tool', toolCallId: called.toolCalls[0].id, toolName: 'weather', content: 'sunny' },
      ],
    });
    expect(answered.text).toBe('Tool result: sunny');
    const schema = { type: 'object', properties: { score: { type: 'number' }, reason: { type: 'string' } }, required: ['score', 'reason'] };
    const json = await gateway.generate({
      projectId: PROJECT, connectionId, model, responseFormat: { type: 'json_schema', name: 'grade', schema },
      messages: [{ role: 'user', content: 'MOCK_REPLY: {"score": 9, "reason": "fine"}' }],
    });
    expect(json.json).toEqual({ score: 9, reason: 'fine' });
  });

  it('embeds through an openai_compatible connection, in input order', async () => {
    const result = await gateway.embed({ projectId: PROJECT, connectionId: 'c-compat', model: 'local/text-embedding-3-small', input: ['red apple', 'green pear'] });
    expect(result.vectors).toHaveLength(2);
    expect(result.vectors[0]).toHaveLength(64);
    expect(result.usage.input).toBe(4);
  });

  it.each([['c-wrong', 'anthropic/claude-3-5-haiku-latest'], ['c-wrong-openai', 'openai/gpt-4o-mini'], ['c-wrong-compat', 'wrong-compat/gpt-4o-mini']])(
    'a refused key (%s) is the provider status and its message excerpt, never the key', async (connectionId, model) => {
      const failure = await gateway.generate({ projectId: PROJECT, connectionId, model, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(LlmProviderError);
      expect(failure).toMatchObject({ status: 401, code: 'upstream_failure', message: expect.stringContaining('Incorrect API key provided') });
      expect((failure as Error).message).not.toContain('sk-wrong');
    });

  it('a stream that drops halfway and a provider that never answers fail with a reason, nothing hangs', async () => {
    const dropped = await collect(gateway.stream({ projectId: PROJECT, connectionId: 'c-drop', model: 'anthropic/claude-3-5-haiku-latest', messages: [{ role: 'user', content: 'a b c d e f' }] }))
      .catch((error: unknown) => error);
    expect(dropped).toBeInstanceOf(LlmProviderError);
    expect(dropped).toMatchObject({ status: null, message: expect.stringContaining("the provider's answer broke off before its end") });
    const slow = await gateway.generate({ projectId: PROJECT, connectionId: 'c-slow', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(slow).toMatchObject({ status: null, message: expect.stringContaining('did not answer within 1500 ms') });
  });

  it('a caller\'s abort cancels a streamed request, and a stream past the time-out fails: neither ends as if it had finished', async () => {
    const abort = new AbortController();
    const before = mock.stats().requests;
    const cancelled = collect(gateway.stream({ projectId: PROJECT, connectionId: 'c-slow', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], signal: abort.signal }))
      .catch((error: unknown) => error);
    while (mock.stats().requests === before) await new Promise((resolve) => setTimeout(resolve, 10));
    abort.abort();
    expect(await cancelled).toEqual(expect.objectContaining({ name: 'LlmProviderError', status: null, message: expect.stringMatching(/cancelled by the caller/) }));
    const timedOut = await collect(gateway.stream({ projectId: PROJECT, connectionId: 'c-slow', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }))
      .catch((error: unknown) => error);
    expect(timedOut).toEqual(expect.objectContaining({ name: 'LlmProviderError', message: expect.stringMatching(/did not answer within 1500 ms/) }));
  });

  it('refuses a base URL the outbound guard refuses, and an unknown connection with 422', async () => {
    const refused = await gateway.generate({ projectId: PROJECT, connectionId: 'c-meta', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'upstream_failure', message: expect.stringContaining('is refused') });
    const unknown = await gateway.generate({ projectId: PROJECT, connectionId: 'nope', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: 'invalid_input', violations: [{ field: ['connection_id'] }] });
  });
});
