import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { LlmProviderError, type LlmRequest } from '@crucible/application';
import { InMemoryConnectionCredentials, InMemoryModelPricing } from '@crucible/application/testing';
import { UndiciOutboundGuard } from '../outbound';
import { AiSdkLlmGateway } from './ai-sdk-llm-gateway';

const PROJECT = 'p1';
const KEY = 'sk-compat-key-for-the-tests-1234';

/** A server that records what it is sent and answers the next canned chat completion. */
async function recordingServer(): Promise<{ url: string; seen: Array<{ body: unknown; headers: IncomingHttpHeaders }>; answer: { body: unknown }; server: Server }> {
  const seen: Array<{ body: unknown; headers: IncomingHttpHeaders }> = [];
  const answer = { body: {} as unknown };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      seen.push({ body: JSON.parse(text), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, answer, server };
}

describe('plain calls to OpenAI-compatible servers without the AI SDK', () => {
  let guard: UndiciOutboundGuard;
  let recording: Awaited<ReturnType<typeof recordingServer>>;
  let mock: MockLlmServer;
  /** Plain OpenAI-compatible calls go around the AI SDK … */
  let direct: AiSdkLlmGateway;
  /** … and here through it, as every call did before. */
  let throughSdk: AiSdkLlmGateway;

  beforeAll(async () => {
    recording = await recordingServer();
    mock = await startMockLlmServer({ apiKey: KEY });
    guard = new UndiciOutboundGuard({ allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 1_000_000 });
    const connections = new InMemoryConnectionCredentials()
      .add(PROJECT, { id: 'c-rec', name: 'rec', kind: 'openai_compatible', apiKey: KEY, baseUrl: `${recording.url}/`, headers: { 'X-Team': 'evals' } })
      .add(PROJECT, { id: 'c-drop', name: 'drop', kind: 'openai_compatible', apiKey: KEY, baseUrl: mock.url, headers: { 'x-mock-fail': 'drop' } })
      .add(PROJECT, { id: 'c-slow', name: 'slow', kind: 'groq', apiKey: KEY, baseUrl: mock.url, headers: { 'x-mock-fail': 'timeout' } })
      .add(PROJECT, { id: 'c-meta', name: 'meta', kind: 'ollama', baseUrl: 'http://169.254.169.254/v1' });
    const pricing = new InMemoryModelPricing({ 'gpt-4o-mini': { input: 0.15, output: 0.6 } });
    direct = new AiSdkLlmGateway(connections, pricing, { fetch: guard.fetch, outbound: guard, timeoutMs: 1500 });
    throughSdk = new AiSdkLlmGateway(connections, pricing, { fetch: guard.fetch, timeoutMs: 1500 });
  });
  afterAll(async () => {
    await guard.onModuleDestroy();
    await mock.close();
    await new Promise((resolve) => recording.server.close(resolve));
  });

  const request: LlmRequest = {
    projectId: PROJECT, connectionId: 'c-rec', model: 'rec/gpt-4o-mini', temperature: 0.2, maxTokens: 64, topP: 0.9,
    frequencyPenalty: 0.1, presencePenalty: 0.3, stopSequences: ['END'],
    messages: [
      { role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Capital of France?' }, { role: 'assistant', content: 'Paris.' },
      { role: 'system', content: 'Answer in English.' }, { role: 'user', content: 'And of Spain?' },
    ],
  };

  it.each([
    ['text with cached input tokens', { model: 'gpt-4o-mini-2024', choices: [{ message: { content: 'Madrid.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 20, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 8 } } }],
    ['a refusal, cut at its length', { choices: [{ message: { content: null, refusal: 'I cannot.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 3 } }],
    ['content as parts, no usage', { model: 'm', choices: [{ message: { content: [{ type: 'text', text: 'Ma' }, { type: 'thinking', thinking: [] }, { type: 'text', text: 'drid' }] }, finish_reason: 'length' }] }],
  ])('sends the body and headers the AI SDK sends, and reads the answer as it does: %s', async (_case, answer) => {
    recording.answer.body = answer;
    recording.seen.length = 0;
    const ours = await direct.generate(request);
    const theirs = await throughSdk.generate(request);
    const [sentByUs, sentBySdk] = recording.seen;
    expect(sentByUs!.body).toEqual(sentBySdk!.body);
    for (const header of ['authorization', 'x-team', 'content-type']) expect(sentByUs!.headers[header]).toBe(sentBySdk!.headers[header]);
    // The first went around the AI SDK (which names itself in the user agent), the second through it.
    expect(sentByUs!.headers['user-agent'] ?? '').not.toContain('ai-sdk');
    expect(sentBySdk!.headers['user-agent']).toContain('ai-sdk');
    const { latencyMs: _ours, ...answered } = ours;
    const { latencyMs: _theirs, ...answeredBySdk } = theirs;
    expect(answered).toEqual(answeredBySdk);
  });

  it('an answer without a choice fails naming it (a refused key: ai-sdk-llm-gateway.spec.ts)', async () => {
    recording.answer.body = { choices: [] };
    const empty = await direct.generate(request).catch((error: unknown) => error);
    expect(empty).toMatchObject({ name: 'LlmProviderError', status: null, message: 'rec/gpt-4o-mini via rec: the provider\'s answer holds no choice' });
  });

  it('an answer that breaks off, a server that never answers, a refused address and a caller\'s abort each fail with their reason', async () => {
    const plain = (connectionId: string, model: string, signal?: AbortSignal): Promise<unknown> =>
      direct.generate({ projectId: PROJECT, connectionId, model, messages: [{ role: 'user', content: 'a b c d e f' }], ...(signal ? { signal } : {}) })
        .catch((error: unknown) => error);
    expect(await plain('c-drop', 'drop/gpt-4o-mini')).toMatchObject({ name: 'LlmProviderError', status: null, message: expect.stringContaining("the provider's answer broke off before its end") });
    expect(await plain('c-slow', 'slow/gpt-4o-mini')).toMatchObject({ status: null, message: expect.stringContaining('the provider did not answer within 1500 ms') });
    expect(await plain('c-meta', 'meta/llama3')).toMatchObject({ code: 'upstream_failure', message: expect.stringContaining('is refused') });
    const abort = new AbortController();
    const before = mock.stats();
    const cancelled = plain('c-slow', 'slow/gpt-4o-mini', abort.signal);
    while (mock.stats().requests === before.requests) await new Promise((resolve) => setTimeout(resolve, 10));
    abort.abort();
    const error = await cancelled;
    expect(error).toBeInstanceOf(LlmProviderError);
    expect(error).toMatchObject({ message: expect.stringContaining('cancelled by the caller') });
    // The request was closed, not left running at the provider.
    while (mock.stats().openRequests > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mock.stats().abortedRequests).toBeGreaterThan(before.abortedRequests);
  });
});
