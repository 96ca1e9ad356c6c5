import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { Root, type Type } from 'protobufjs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

/*
 * OTLP/HTTP protobuf on `POST /v1/traces` (ARCHITECTURE §18): requests encoded with protobufjs from the same vendored
 * .proto files, gzipped or not, land like their JSON twins; the answer is a protobuf ExportTraceServiceResponse; a body
 * that is not one answers 400. Then the OpenTelemetry SDK's own protobuf transport (what exporter-trace-otlp-proto
 * builds) against its JSON one.
 */

const PROTO_DIR = join(__dirname, '..', '..', 'libs', 'integrations', 'src', 'otlp', 'proto');
function loadMessages(): { request: Type; response: Type } {
  const root = new Root();
  root.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto');
  return {
    request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
  };
}

const START_MS = Date.UTC(2026, 10, 27, 15, 0);
const nanos = (ms: number) => `${BigInt(START_MS + ms) * 1_000_000n}`;
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
const int = (key: string, value: number) => ({ key, value: { intValue: value } });

/** One request's worth of spans: a root and an LLM call with tokens, an error, and every attribute type. */
function exportRequest(traceHex: string) {
  const root = '1'.repeat(16);
  return {
    resourceSpans: [{
      resource: { attributes: [text('service.name', 'py-app'), text('crucible.app_id', 'proto-app'), text('deployment.environment.name', 'production')] },
      scopeSpans: [{ spans: [
        {
          traceId: traceHex, spanId: root, name: 'answer', kind: 2, startTimeUnixNano: nanos(0), endTimeUnixNano: nanos(250),
          attributes: [text('input.value', 'What is the capital of France?'), text('output.value', 'Paris'), text('session.id', 'proto-chat'),
            { key: 'flags', value: { arrayValue: { values: [{ boolValue: true }, { doubleValue: 0.5 }] } } },
            { key: 'meta', value: { kvlistValue: { values: [int('retries', 2)] } } }],
        },
        {
          traceId: traceHex, spanId: '2'.repeat(16), parentSpanId: root, name: 'chat gpt-4o-mini', kind: 3,
          startTimeUnixNano: nanos(10), endTimeUnixNano: nanos(240), status: { code: 2, message: 'rate limited once' },
          attributes: [text('gen_ai.operation.name', 'chat'), text('gen_ai.request.model', 'gpt-4o-mini'),
            int('gen_ai.usage.input_tokens', 14), int('gen_ai.usage.output_tokens', 3)],
        },
      ] }],
    }],
  };
}

/** The JSON request's ids are hex; protobuf carries their bytes. */
function protobufOf(request: Type, json: ReturnType<typeof exportRequest>): Buffer {
  const bytes = (hex: string | undefined) => (hex === undefined ? undefined : Buffer.from(hex, 'hex'));
  const message = {
    resourceSpans: json.resourceSpans.map((resourceSpans) => ({
      ...resourceSpans,
      scopeSpans: resourceSpans.scopeSpans.map((scope) => ({
        spans: scope.spans.map((span) => ({
          ...span, traceId: bytes(span.traceId), spanId: bytes(span.spanId), parentSpanId: bytes((span as { parentSpanId?: string }).parentSpanId),
        })),
      })),
    })),
  };
  return Buffer.from(request.encode(request.fromObject(message)).finish());
}

/** A stored trace with its ids left out, for comparing traces that came by different encodings. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !['trace_id', 'span_id', 'parent_span_id'].includes(key))
      .map(([key, inner]) => [key, withoutIds(inner)]));
  }
  return value;
}

describe.each<Engine>(['pglite', 'postgres'])('OTLP/HTTP protobuf on %s', (engine) => {
  let server: RunningApi;
  const { request, response } = loadMessages();

  beforeAll(async () => {
    server = await startApi(engine);
  });
  afterAll(() => server?.close());

  const post = (body: Buffer, headers: Record<string, string>) => fetch(`${server.baseUrl}/v1/traces`, {
    method: 'POST', headers: { authorization: `ApiKey ${server.apiKey}`, ...headers }, body: new Uint8Array(body),
  });
  const tree = async (traceId: string) => (await server.client.get(`/traces/${traceId}`)).body as Record<string, unknown>;

  it('stores protobuf and gzipped protobuf requests as it stores their JSON twin, answering in protobuf', async () => {
    const [jsonId, protoId, gzipId] = ['a', 'b', 'c'].map((digit) => digit.repeat(32));
    expect((await server.client.post('/v1/traces', exportRequest(jsonId!))).body).toEqual({ partialSuccess: {} });

    const plain = await post(protobufOf(request, exportRequest(protoId!)), { 'content-type': 'application/x-protobuf' });
    const zipped = await post(gzipSync(protobufOf(request, exportRequest(gzipId!))), { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
    for (const answer of [plain, zipped]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/x-protobuf/);
      const decoded = response.toObject(response.decode(new Uint8Array(await answer.arrayBuffer())));
      expect(decoded).toEqual({});
    }

    const fromJson = await tree(jsonId!);
    expect(fromJson).toMatchObject({
      source: 'otlp', app_id: 'proto-app', environment: 'production', session_id: 'proto-chat', status: 'error', span_count: 2,
      latency_ms: 250, tokens: { prompt: 14, completion: 3, total: 17 }, inputs: 'What is the capital of France?', output: 'Paris',
    });
    expect(withoutIds(await tree(protoId!))).toEqual(withoutIds(fromJson));
    expect(withoutIds(await tree(gzipId!))).toEqual(withoutIds(fromJson));
    expect((await tree(protoId!))['spans']).toMatchObject([{
      span_id: '1'.repeat(16),
      attributes: { flags: [true, 0.5], meta: { retries: 2 } },
      children: [{ span_id: '2'.repeat(16), parent_span_id: '1'.repeat(16), kind: 'llm', status: 'error', error: { message: 'rate limited once' } }],
    }]);
  });

  it('counts refused spans in a protobuf partialSuccess', async () => {
    const mixed = exportRequest('d'.repeat(32));
    const late = mixed.resourceSpans[0]!.scopeSpans[0]!.spans[1]!;
    Object.assign(late, { startTimeUnixNano: nanos(500), endTimeUnixNano: nanos(400) });
    const answer = await post(protobufOf(request, mixed), { 'content-type': 'application/x-protobuf' });
    expect(answer.status).toBe(200);
    const decoded = response.toObject(response.decode(new Uint8Array(await answer.arrayBuffer())), { longs: Number });
    expect(decoded).toEqual({ partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringContaining('endTimeUnixNano') } });
  });

  it('answers 400 naming the problem for a body that is not an ExportTraceServiceRequest, gzipped or not, or not gzip at all', async () => {
    const garbage = Buffer.from('this is not protobuf at all: \u00ff\u00fe');
    for (const [body, headers] of [
      [garbage, { 'content-type': 'application/x-protobuf' }],
      [gzipSync(garbage), { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' }],
    ] as const) {
      const answer = await post(body, headers);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ detail: expect.stringMatching(/^not an OTLP ExportTraceServiceRequest in protobuf: /) });
    }
    const notGzip = await post(garbage, { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
    expect(notGzip.status).toBe(400);
    expect(await notGzip.json()).toEqual({ detail: expect.any(String) });
  });

  it('refuses a protobuf body over the trace routes\' limit (16 MB) once inflated', async () => {
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024));
    const answer = await post(bomb, { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ detail: expect.stringContaining('CRUCIBLE_MAX_TRACE_BODY_BYTES') });
  });
});

const run = promisify(execFile);

/** e2e/fixtures/otel-proto-app.js: a script of its own, as the exporter loads its transport with a dynamic import. */
describe('the OpenTelemetry SDK\'s protobuf transport', () => {
  const script = join(__dirname, '..', 'fixtures', 'otel-proto-app.js');
  let server: RunningApi;
  beforeAll(async () => {
    server = await startApi('pglite');
  });
  afterAll(() => server?.close());

  it('lands traces equal to those of the JSON exporter, with and without gzip', async () => {
    const sent: string[] = [];
    for (const [encoding, compression] of [['json', 'none'], ['protobuf', 'none'], ['protobuf', 'gzip']]) {
      const { stdout } = await run(process.execPath, [script, `${server.baseUrl}/v1/traces`, server.apiKey, encoding!, compression!], { timeout: 30_000 });
      sent.push((JSON.parse(stdout) as { trace_id: string }).trace_id);
    }
    const trees = await Promise.all(sent.map(async (traceId) => (await server.client.get(`/traces/${traceId}`)).body));
    expect(trees[0]).toMatchObject({ app_id: 'otel-proto-app', user_id: 'ines', model: 'gpt-4o-mini', tokens: { prompt: 9, completion: 2, total: 11 }, inputs: 'Capital of Peru?', output: 'Lima', span_count: 2 });
    expect(withoutIds(trees[1])).toEqual(withoutIds(trees[0]));
    expect(withoutIds(trees[2])).toEqual(withoutIds(trees[0]));
  });
});
