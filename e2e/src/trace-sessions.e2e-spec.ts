import { createService, flushTraces, init, setTraceIdentity, type RunningService } from '@crucible/sdk';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { waitFor } from './support/wait-for';

/*
 * Sessions and users (ARCHITECTURE §18): traces name their conversation and end user (our trace shape, OTLP attributes,
 * the SDK's request headers and setTraceIdentity), lists filter by them, and `GET /sessions` adds each session up.
 * Ingest bodies go raw: /openapi.json does not describe them.
 */

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 14, minute)).toISOString();
const trace = (traceId: string, minute: number, usage: { prompt: number; completion: number; cost: number }, place: Record<string, unknown>) => ({
  trace_id: traceId, latency_ms: 1200, cost: usage.cost,
  tokens: { prompt: usage.prompt, completion: usage.completion, total: usage.prompt + usage.completion },
  spans: [{
    span_id: `${traceId}-root`, parent_span_id: null, name: 'chat', kind: 'workflow', status: 'ok',
    start_time: at(minute), end_time: at(minute), latency_ms: 1200, inputs: { question: `turn ${traceId}` }, outputs: `answer ${traceId}`,
  }],
  ...place,
});

type Session = CrucibleSchemas['TraceSessionDto_Output'];

describe.each<Engine>(['pglite', 'postgres'])('sessions and users on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
  });
  afterAll(() => server?.close());

  const sessions = (query: { app_id?: string; user_id?: string; limit?: number; cursor?: string }) =>
    api.GET('/sessions', { params: { query } });
  const traceIds = async (query: { session_id?: string; user_id?: string; app_id?: string }) =>
    (await ok(api.GET('/traces', { params: { query } }))).map((listed) => listed.trace_id).sort();

  it('lists each session of an app with its traces added up, most recently active first, a page at a time', async () => {
    const app = { app_id: 'support-bot', environment: 'production' };
    const sent = await server.client.post('/traces', { traces: [
      trace('a1', 1, { prompt: 10, completion: 5, cost: 0.01 }, { ...app, session_id: 'chat-a', user_id: 'ada' }),
      trace('a2', 3, { prompt: 20, completion: 7, cost: 0.02 }, { ...app, session_id: 'chat-a', user_id: 'ada' }),
      trace('a3', 9, { prompt: 30, completion: 9, cost: 0.04 }, { ...app, session_id: 'chat-a', user_id: 'ada' }),
      trace('b1', 5, { prompt: 100, completion: 50, cost: 0.5 }, { ...app, session_id: 'chat-b', user_id: 'bob' }),
      trace('b2', 6, { prompt: 1, completion: 1, cost: 0 }, { ...app, session_id: 'chat-b', user_id: 'bob' }),
      trace('lone', 7, { prompt: 1, completion: 1, cost: 0.001 }, app),
      trace('elsewhere', 8, { prompt: 1, completion: 1, cost: 0.001 }, { app_id: 'other-app', session_id: 'chat-c' }),
    ] });
    expect(sent.body).toMatchObject({ accepted: 7, rejected: [] });

    const listed = await ok(sessions({ app_id: 'support-bot' }));
    expect(listed).toEqual<Session[]>([
      { session_id: 'chat-a', traces: 3, first_at: at(1), last_at: at(9), input_tokens: 60, output_tokens: 21, total_tokens: 81, cost: expect.closeTo(0.07, 9) as number },
      { session_id: 'chat-b', traces: 2, first_at: at(5), last_at: at(6), input_tokens: 101, output_tokens: 51, total_tokens: 152, cost: 0.5 },
    ]);
    expect((await ok(sessions({}))).map((session) => session.session_id)).toEqual(['chat-a', 'chat-c', 'chat-b']);
    expect((await ok(sessions({ app_id: 'support-bot', user_id: 'bob' }))).map((session) => session.session_id)).toEqual(['chat-b']);

    const first = await sessions({ app_id: 'support-bot', limit: 1 });
    expect(first.data!.map((session) => session.session_id)).toEqual(['chat-a']);
    const next = /<[^>]*[?&]cursor=([^&>]+)[^>]*>; rel="next"/.exec(first.response.headers.get('link') ?? '');
    expect(next).not.toBeNull();
    const second = await sessions({ app_id: 'support-bot', limit: 1, cursor: decodeURIComponent(next![1]!) });
    expect(second.data!.map((session) => session.session_id)).toEqual(['chat-b']);
    expect(second.response.headers.get('link')).toBeNull();

    expect(await traceIds({ session_id: 'chat-a' })).toEqual(['a1', 'a2', 'a3']);
    expect(await traceIds({ user_id: 'bob' })).toEqual(['b1', 'b2']);
    const detail = await ok(api.GET('/traces/{trace_id}', { params: { path: { trace_id: 'a2' } } }));
    expect(detail).toMatchObject({ session_id: 'chat-a', user_id: 'ada' });
  });

  it('takes session and user from OpenTelemetry attributes (session.id, user.id or enduser.id)', async () => {
    const nanos = (minute: number) => `${BigInt(Date.parse(at(minute))) * 1_000_000n}`;
    const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
    const span = (traceId: string, attributes: unknown[]) => ({
      traceId, spanId: traceId.slice(0, 16), name: 'otel chat', startTimeUnixNano: nanos(20), endTimeUnixNano: nanos(21), attributes,
    });
    const sent = await server.client.post('/v1/traces', { resourceSpans: [{
      resource: { attributes: [attribute('crucible.app_id', 'otel-app')] },
      scopeSpans: [{ spans: [
        span('1'.repeat(32), [attribute('session.id', 'otel-chat'), attribute('user.id', 'grace')]),
        span('2'.repeat(32), [attribute('session.id', 'otel-chat'), attribute('enduser.id', 'grace')]),
      ] }],
    }] });
    expect(sent.body).toEqual({ partialSuccess: {} });
    expect(await traceIds({ user_id: 'grace' })).toEqual(['1'.repeat(32), '2'.repeat(32)]);
    expect(await ok(sessions({ app_id: 'otel-app' }))).toMatchObject([{ session_id: 'otel-chat', traces: 2 }]);
  });

  it('refuses a session id longer than an id may be, naming it', async () => {
    const sent = await server.client.post('/traces', { traces: [trace('long', 1, { prompt: 0, completion: 0, cost: 0 }, { session_id: 'x'.repeat(129) })] });
    expect(sent.status).toBe(422);
    expect(JSON.stringify(sent.body)).toContain('session_id');
  });
});

describe('sessions from an SDK service', () => {
  let server: RunningApi;
  let service: RunningService;

  beforeAll(async () => {
    server = await startApi('pglite');
    init({ host: server.baseUrl, apiKey: server.apiKey });
    const chat = createService();
    class NoConfig {}
    chat.route('/chat', NoConfig, { inputs: ['message'] })(async (inputs: { message: string; user?: string }) => {
      // An app that knows its user from its own login names them here; the session came with the request's header.
      if (inputs.message.startsWith('login:')) setTraceIdentity({ userId: inputs.message.slice('login:'.length) });
      return `echo ${inputs.message}`;
    });
    service = await chat.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    await server?.close();
  });

  it('exports the session of the X-Session-Id header and the user the route set', async () => {
    const call = (message: string, headers: Record<string, string>) => fetch(`${service.url}/playground/run/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ inputs: { message }, config: {} }),
    });
    expect((await call('hello', { 'x-session-id': 'web-42', 'x-user-id': 'anonymous' })).status).toBe(200);
    expect((await call('login:linus', { 'x-session-id': 'web-42' })).status).toBe(200);
    expect((await call('no session', {})).status).toBe(200);
    await flushTraces();

    const listed = await waitFor('the session\'s two traces', async () => {
      const traces = await ok(server.api.GET('/traces', { params: { query: { session_id: 'web-42' } } }));
      return traces.length === 2 ? traces : undefined;
    }, 5_000, 100);
    expect(listed.map((listedTrace) => listedTrace.user_id).sort()).toEqual(['anonymous', 'linus']);
    expect(await ok(server.api.GET('/sessions', {}))).toMatchObject([{ session_id: 'web-42', traces: 2 }]);
  });
});
