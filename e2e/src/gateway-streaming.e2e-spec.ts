import { DataSource, type Logger } from 'typeorm';
import { BackgroundTraceWriter } from '@crucible/application';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { waitFor } from './support/wait-for';
import { overrideEnvironment } from './support/process-environment';

interface SseEvent {
  event: string;
  data: any;
}

const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
/** Distributed mode stores a connection's key only under a master key given to it. */
const MASTER_KEY = Buffer.alloc(32, 9).toString('base64');

const parseEvents = (text: string): SseEvent[] => text.split('\n\n').filter((block) => block.trim()).map((block) => {
  const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
  const data = /^data: (.*)$/m.exec(block)?.[1];
  return { event, data: data === undefined ? undefined : JSON.parse(data) };
});

/** The SQL statements a data source sends while `work` runs. */
async function statementsDuring(dataSource: DataSource, work: () => Promise<unknown>): Promise<string[]> {
  const original = dataSource.logger;
  const statements: string[] = [];
  dataSource.logger = new Proxy(original, {
    get: (target, property: keyof Logger) => (property === 'logQuery' ? (query: string) => void statements.push(query) : target[property]),
  });
  try {
    await work();
  } finally {
    dataSource.logger = original;
  }
  return statements;
}

/** Prompt apps behind the gateway and the playground, as JSON and as Server-Sent Events, against the mock LLM. */
describe.each<Engine>(['pglite', 'postgres'])('the gateway and the playground streaming a prompt app on %s', (engine) => {
  let server: RunningApi;
  let mock: MockLlmServer;
  const apps: Record<string, { appId: string; variantId: string }> = {};
  let restoreEnvironment = (): void => undefined;

  const sse = (path: string, body: unknown, signal?: AbortSignal) => fetch(`${server.baseUrl}${path}`, {
    method: 'POST', signal, body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `ApiKey ${server.apiKey}` },
  });
  const readAll = async (response: Response): Promise<SseEvent[]> => parseEvents(await response.text());

  /** A chat app on its own connection to the mock (its headers steer the mock), deployed to production. */
  async function chatApp(name: string, headers: Record<string, string> = {}) {
    const connection = await server.client.post('/provider-connections', { name, kind: 'openai_compatible', base_url: mock.url, api_key: 'k', headers });
    expect(connection.status).toBe(200);
    const app = await server.client.post('/apps', { app_name: `${name}-${engine}` });
    expect(app.status).toBe(200);
    const variant = await server.client.post(`/apps/${app.body.app_id}/variant/from-service`, {
      variant_name: 'chat', url: 'crucible:builtin:chat:v1',
      parameters: {
        prompt: {
          messages: [{ role: 'system', content: 'You are terse.' }, { role: 'user', content: '{{question}}' }], template_format: 'curly',
          llm_config: { model: `${name}/gpt-4o-mini`, connection_id: connection.body.id },
        },
      },
    });
    expect(variant.status).toBe(200);
    const variantId: string = variant.body.variant_id;
    const deployed = await server.client.post('/environments/deploy', { app_id: app.body.app_id, environment_name: 'production', variant_id: variantId });
    expect(deployed.status).toBe(200);
    apps[name] = { appId: app.body.app_id, variantId };
  }

  beforeAll(async () => {
    mock = await startMockLlmServer();
    restoreEnvironment = overrideEnvironment({ ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}) });
    server = await startApi(engine, { outbound: OUTBOUND });
    await chatApp('mock');
    await chatApp('broken', { 'x-mock-fail': 'drop' });
    await chatApp('slow', { 'x-mock-chunk-delay-ms': '200' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await mock?.close();
    restoreEnvironment();
  });

  it('answers a JSON call with the output, trace id, tokens, cost and latency, and traces it with model and environment', async () => {
    const { status, body } = await server.client.post(`/apps/${apps['mock']!.appId}/invoke`, { inputs: { question: 'MOCK_REPLY: Paris, of course.' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: 'Paris, of course.', trace_id: expect.any(String), cost: expect.any(Number), latency: expect.any(Number) });
    expect(body.usage.input_tokens).toBeGreaterThan(0);
    expect(body.usage.output_tokens).toBeGreaterThan(0);
    const trace = await waitFor('the trace', async () => {
      const found = await server.client.get(`/traces/${body.trace_id}`);
      return found.status === 200 ? found.body : undefined;
    }, 10_000);
    expect(trace).toMatchObject({ app_id: apps['mock']!.appId, environment: 'production', model: 'mock/gpt-4o-mini', status: 'ok' });
  });

  it('reads nothing from the database on a warm call, JSON or streamed (key, deployment, connection, prices in memory); traces are written behind', async () => {
    const { appId } = apps['mock']!;
    const call = { inputs: { question: 'MOCK_REPLY: warm' } };
    expect((await server.client.post(`/apps/${appId}/invoke`, call)).status).toBe(200);
    const traces = server.app.get(BackgroundTraceWriter);
    await traces.flush();
    const statements = await statementsDuring(server.app.get(DataSource), async () => {
      for (let index = 0; index < 5; index++) {
        expect((await server.client.post(`/apps/${appId}/invoke`, call)).status).toBe(200);
        expect((await readAll(await sse(`/apps/${appId}/invoke`, call))).at(-1)!.event).toBe('done');
      }
      // Counted too: ten calls may take less than the writer's 50 ms, so its timer may not have written them yet.
      await traces.flush();
    });
    // The only statements are written behind the answers: the traces' batched inserts with the lookup of the online
    // evaluation rules they are logged against, and the periodic drain of online evaluations (no call asks for it).
    const behind = ['INSERT INTO traces', 'FROM "online_evaluations"', 'UPDATE online_evaluation_executions'];
    expect(statements.filter((statement) => !behind.some((part) => statement.includes(part)))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
  });

  it('streams a call as delta events then done, the deltas adding up to the answer', async () => {
    const response = await sse(`/apps/${apps['mock']!.appId}/invoke`, { inputs: { question: 'MOCK_REPLY: one two three four' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readAll(response);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe('one two three four');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { data: 'one two three four', trace_id: expect.any(String), usage: { input_tokens: expect.any(Number) } } });
  });

  it('feeds the conversation to a chat app', async () => {
    const { body } = await server.client.post(`/apps/${apps['mock']!.appId}/invoke`, {
      inputs: { question: 'hello' }, messages: [{ role: 'assistant', content: 'Hi!' }, { role: 'user', content: 'MOCK_REPLY: from the conversation' }],
    });
    expect(body.data).toBe('from the conversation');
  });

  it('streams the playground: deltas, then done with the trace and its time to first token', async () => {
    const events = await readAll(await sse(`/variants/${apps['mock']!.variantId}/playground/run`, { inputs: { question: 'MOCK_REPLY: streamed here' } }));
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe('streamed here');
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', data: { data: 'streamed here' } });
    const llm = done.data.trace.spans.find((span: { kind: string }) => span.kind === 'llm');
    expect(llm.attributes.time_to_first_token_ms).toEqual(expect.any(Number));
  });

  it('answers a missing variable 422 naming it, streamed or not, before any event', async () => {
    const response = await sse(`/apps/${apps['mock']!.appId}/invoke`, { inputs: { other: 'x' } });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('question');
    expect((await server.client.post(`/apps/${apps['mock']!.appId}/invoke`, { inputs: {} })).status).toBe(422);
  });

  it('ends with event: error when the provider fails mid-stream, and marks the trace error', async () => {
    const events = await readAll(await sse(`/apps/${apps['broken']!.appId}/invoke`, { inputs: { question: 'MOCK_REPLY: a b c d e f g h' } }));
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { detail: expect.any(String) } });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    const traces = await waitFor('the error trace', async () => {
      const listed = await server.client.get(`/traces?app_id=${apps['broken']!.appId}&status=error`);
      return listed.status === 200 && listed.body.length > 0 ? listed.body : undefined;
    }, 10_000);
    expect(traces[0]).toMatchObject({ environment: 'production', status: 'error' });
  });

  it('cancels the provider call when the client goes away mid-stream', async () => {
    const before = mock.stats().abortedRequests;
    const controller = new AbortController();
    const response = await sse(`/apps/${apps['slow']!.appId}/invoke`, { inputs: { question: 'MOCK_REPLY: a b c d e f g h i j k l' } }, controller.signal);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: delta')) text += new TextDecoder().decode((await reader.read()).value);
    expect(mock.stats().openRequests).toBe(1);
    controller.abort();
    await waitFor('the mock to see its request closed', async () => (mock.stats().openRequests === 0 ? true : undefined), 10_000, 20);
    expect(mock.stats().abortedRequests).toBe(before + 1);
  });
});
