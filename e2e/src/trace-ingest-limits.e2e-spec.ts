import { type Inputs, createService, flushTraces, init, traceExportStats } from '@crucible/sdk';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

/*
 * Hardening round 2, trace ingest and reads (ARCHITECTURE §14, §19): a bad trace costs only itself, ids and places
 * past their limits are refused (never a 500 from an index row too large), deep and wide traces read back, and
 * lists carry previews. Raw JSON throughout: these bodies are malformed on purpose.
 */

const TIME = '2026-11-27T14:00:00.000Z';
const LATER = '2026-11-27T14:00:00.003Z';

const span = (spanId: string, parent: string | null, extra: Record<string, unknown> = {}) => ({
  span_id: spanId, parent_span_id: parent, name: 'step', kind: parent ? 'task' : 'workflow', status: 'ok',
  start_time: TIME, end_time: LATER, latency_ms: 3, ...extra,
});
const trace = (traceId: string, extra: Record<string, unknown> = {}, spans: unknown[] = [span(`${traceId}-root`, null)]) => ({
  trace_id: traceId, latency_ms: 3, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans, ...extra,
});

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const nanos = (ms: number) => `${BigInt(Date.parse(TIME) + ms) * 1_000_000n}`;
const otlpSpan = (traceId: string, spanId: string, extra: Record<string, unknown> = {}) => ({
  traceId, spanId, name: 'otel step', startTimeUnixNano: nanos(0), endTimeUnixNano: nanos(1), ...extra,
});
const otlp = (spans: unknown[], resource?: unknown) => ({ resourceSpans: [{ resource, scopeSpans: [{ spans }] }] });
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

interface SpanNode { span_id: string; children: SpanNode[] }

/** The depth of the deepest chain, walked without recursion. */
function depthOf(roots: SpanNode[]): number {
  let deepest = 0;
  const pending = roots.map((node) => ({ node, depth: 1 }));
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children) pending.push({ node: child, depth: depth + 1 });
  }
  return deepest;
}

describe.each(['pglite', 'postgres'] as Engine[])('trace ingest and reads on %s', (engine) => {
  let server: RunningApi;

  beforeAll(async () => {
    server = await startApi(engine);
  });
  afterAll(() => server?.close());

  const detail = (traceId: string, query = '') => server.client.get(`/traces/${traceId}${query}`);

  it('stores the 99 good traces of a batch of 100 and reports the one with a NUL byte by index', async () => {
    const traces = Array.from({ length: 100 }, (_, i) => trace(`batch-${i}`, { app_id: 'partial', inputs: { question: `q${i}` } }));
    traces[37] = trace('batch-37', { app_id: 'partial', inputs: { question: 'bad\u0000byte' } });
    const answer = await server.client.post('/traces', { traces });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ accepted: 99, accepted_traces: 99, accepted_spans: 99, rejected_spans: 0 });
    expect(answer.body.rejected).toEqual([{ index: 37, detail: expect.stringContaining('inputs.question: text must not contain NUL bytes') }]);
    expect((await server.client.get('/traces?app_id=partial')).body).toHaveLength(99);
    expect((await detail('batch-37')).status).toBe(404);

    // A lone surrogate costs only its trace too; a batch with nothing to store is refused whole, naming each field.
    const mixed = await server.client.post('/traces', { traces: [trace('cut-emoji', { output: 'half \ud83d' }), trace('whole-emoji', { output: '😀' })] });
    expect(mixed.body).toMatchObject({ accepted: 1, rejected: [{ index: 0, detail: expect.stringContaining('unpaired UTF-16 surrogates') }] });
    const none = await server.client.post('/traces', { traces: [trace('nul-only', { route: '/\u0000' })] });
    expect(none.status).toBe(422);
    expect(none.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'traces', 0, 'route'], type: 'string_unstorable' })]);
  });

  it('answers OTLP partial success: the bad span is counted with a reason, the rest stored', async () => {
    const traceId = hex(0xabc, 32);
    const spans = [
      otlpSpan(traceId, hex(1, 16)),
      otlpSpan(traceId, hex(2, 16), { parentSpanId: hex(1, 16), attributes: [text('gen_ai.prompt', 'nul \u0000 here')] }),
      otlpSpan(traceId, hex(3, 16), { parentSpanId: hex(1, 16) }),
    ];
    const answer = await server.client.post('/v1/traces', otlp(spans));
    expect(answer.status).toBe(200);
    expect(answer.body.partialSuccess).toEqual({ rejectedSpans: 1, errorMessage: expect.stringContaining('resourceSpans.0.scopeSpans.0.spans.1') });
    expect((await detail(traceId)).body).toMatchObject({ span_count: 2 });
    const clean = await server.client.post('/v1/traces', otlp([otlpSpan(traceId, hex(4, 16), { parentSpanId: hex(1, 16) })]));
    expect(clean).toMatchObject({ status: 200, body: { partialSuccess: {} } });
  });

  it('refuses ids and places past their limits per span or trace, never answering 500', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const traceId = hex(0xdef, 32);
    const place = [['crucible.app_id', 2_800], ['crucible.variant_id', 9_000], ['crucible.environment', 9_000]] as const;
    const spans = [
      otlpSpan(traceId, hex(1, 16)),
      ...place.map(([key, length], i) => otlpSpan(traceId, hex(i + 2, 16), { attributes: [text(key, long(length))] })),
    ];
    const answer = await server.client.post('/v1/traces', otlp(spans));
    expect(answer.status).toBe(200);
    expect(answer.body.partialSuccess).toMatchObject({ rejectedSpans: 3 });
    expect(answer.body.partialSuccess.errorMessage).toContain('crucible.app_id (or its OpenTelemetry equivalent) is 2800 characters; at most 128');
    // A resource whose place is too long: every span of it is refused, and with nothing left the batch answers 422.
    const resource = { attributes: [text('crucible.environment', long(9_000))] };
    const refused = await server.client.post('/v1/traces', otlp([otlpSpan(hex(0xeee, 32), hex(1, 16))], resource));
    expect(refused.status).toBe(422);

    expect((await server.client.post('/traces', { traces: [trace('grows-later')] })).status).toBe(200);
    const later = await server.client.post('/traces', { traces: [trace('grows-later', {}, [span(long(10_000), 'grows-later-root')])] });
    expect(later.status).toBe(422);
    expect(later.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'traces', 0, 'spans', 0, 'span_id'], type: 'string_too_long' })]);
    const ours = await server.client.post('/traces', { traces: [
      trace('long-app', { app_id: long(3_000) }), trace('long-env', { environment: long(9_000) }), trace('fine-place', { app_id: 'fine' }),
    ] });
    expect(ours.body).toMatchObject({ accepted: 1, rejected: [{ index: 0 }, { index: 1 }] });
    expect((await detail('grows-later')).body).toMatchObject({ span_count: 1 });
  });

  it('reads back a parent chain 2 500 deep as a tree', async () => {
    const traceId = hex(0xdee9, 32);
    const spans = Array.from({ length: 2_500 }, (_, i) => otlpSpan(traceId, hex(i + 1, 16), {
      parentSpanId: i === 0 ? undefined : hex(i, 16), startTimeUnixNano: nanos(i), endTimeUnixNano: nanos(i + 1),
    }));
    expect((await server.client.post('/v1/traces', otlp(spans))).body).toEqual({ partialSuccess: {} });
    const answer = await detail(traceId);
    expect(answer.status).toBe(200);
    expect(depthOf(answer.body.spans as SpanNode[])).toBe(2_500);
  });

  it('keeps 10 000 spans of a trace, counts the rest, and pages every stored span in the detail', async () => {
    const wide = (from: number, count: number) => Array.from({ length: count }, (_, i) =>
      span(`wide-${String(from + i).padStart(5, '0')}`, 'wide-root', { start_time: new Date(Date.parse(TIME) + from + i).toISOString() }));
    const first = await server.client.post('/traces', { traces: [trace('wide', {}, [span('wide-root', null), ...wide(1, 10_049)])] });
    expect(first.body).toMatchObject({ accepted: 1, accepted_spans: 10_000, rejected_spans: 50 });
    const again = await server.client.post('/traces', { traces: [trace('wide', {}, wide(20_000, 20))] });
    expect(again.body).toMatchObject({ accepted: 1, accepted_spans: 0, rejected_spans: 20 });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?spans_limit=4000${cursor ? `&spans_cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await detail('wide', query);
      expect(page.status).toBe(200);
      const flat: SpanNode[] = [];
      const pending = [...(page.body.spans as SpanNode[])];
      while (pending.length > 0) {
        const node = pending.pop()!;
        flat.push(node);
        pending.push(...node.children);
      }
      seen.push(...flat.map((node) => node.span_id));
      cursor = page.body.next_spans_cursor;
      if (cursor) expect(page.headers.get('link')).toBe(`</traces/wide?spans_limit=4000&spans_cursor=${encodeURIComponent(cursor)}>; rel="next"`);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(10_000);
    const whole = await detail('wide');
    expect(whole.body.next_spans_cursor).toBeNull();
    expect((await detail('wide', '?spans_cursor=garbage')).status).toBe(422);
  });

  it('lists previews of 1 MB inputs and outputs, and the detail carries them whole', async () => {
    const huge = { prompt: 'p'.repeat(1_000_000) };
    const traces = Array.from({ length: 3 }, (_, i) => trace(`huge-${i}`, { app_id: 'huge', inputs: huge, output: `short ${i}` }));
    expect((await server.client.post('/traces', { traces })).status).toBe(200);
    const list = await server.client.get('/traces?app_id=huge');
    expect(list.body).toHaveLength(3);
    for (const item of list.body as Array<Record<string, unknown>>) {
      expect((item['inputs_preview'] as string).length).toBeLessThanOrEqual(500);
      expect(item).toMatchObject({ inputs_truncated: true, output_truncated: false, output_preview: expect.stringMatching(/^"short \d"$/) });
      expect(item).not.toHaveProperty('inputs');
    }
    expect(JSON.stringify(list.body).length).toBeLessThan(10_000);
    expect((await detail('huge-0')).body.inputs).toEqual(huge);
  });

  it('takes the trace of an SDK call whose answer held a NUL byte and a cut emoji, cleaned by the exporter', async () => {
    init({ host: server.baseUrl, apiKey: server.apiKey, traceExport: { flushIntervalMs: 60_000 } });
    class NoConfig {}
    const service = createService();
    service.route('/', NoConfig, { inputs: { text: { type: 'string' } } })((inputs: Inputs) => ({ [`ke\u0000y`]: `nul \u0000 and ${String(inputs.text)}` }));
    const running = await service.listen({ port: 0, host: '127.0.0.1' });
    try {
      const call = await fetch(`${running.url}/playground/run`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs: { text: 'cut \ud83d' }, config: {} }),
      });
      const { trace: { trace_id: traceId } } = (await call.json()) as { trace: { trace_id: string } };
      await flushTraces();
      expect(traceExportStats()).toMatchObject({ exported: 1, dropped: 0 });
      expect((await detail(traceId)).body).toMatchObject({ output: { key: 'nul  and cut \ufffd' } });
    } finally {
      await running.close();
    }
  });
});
