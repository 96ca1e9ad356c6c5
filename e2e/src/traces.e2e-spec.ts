import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { init, traceExportStats, type RunningService } from '@crucible/sdk';
import type { CrucibleClient, CrucibleSchemas, paths } from '@crucible/client';
// Raw client only for trace ingest: /openapi.json does not describe its bodies, and these are malformed on purpose (or an empty batch without a key).
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { waitFor } from './support/wait-for';
import { CAPITALS } from './support/example-service';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';

const run = promisify(execFile);

/* Token counts, metric buckets and span trees are documented loosely (any JSON, as stored): the suite reads them so. */
interface TokenCounts { prompt: number; completion: number; total: number }
type TraceSummary = Omit<CrucibleSchemas['StoredTraceDto_Output'], 'tokens'> & { tokens: TokenCounts };
interface MetricsBucket { count: number; errors: number; cost: number; tokens: TokenCounts }
interface SpanNode { kind: string; model?: string; tokens?: TokenCounts; children: SpanNode[] }
const spansOf = (tree: CrucibleSchemas['TraceTreeDto_Output']) => tree.spans as unknown as SpanNode[];

/** ARCHITECTURE §14: traces from our SDK and from any OpenTelemetry app, kept, searchable and charted. */
describe('traces', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let mock: MockLlmServer;

  beforeAll(async () => {
    server = await startApi('pglite');
    api = server.api;
    mock = await startMockLlmServer();
  });
  afterAll(async () => {
    await mock?.close();
    await server?.close();
  });

  const treeOf = (traceId: string) => ok(api.GET('/traces/{trace_id}', { params: { path: { trace_id: traceId } } }));
  const listTraces = async (query: paths['/traces']['get']['parameters']['query']) =>
    (await ok(api.GET('/traces', { params: { query } }))) as TraceSummary[];

  describe('from an SDK service deployed to production', () => {
    let service: RunningService;
    afterAll(() => service?.close());

    it('records every call with spans, tokens and cost, and the metrics agree', async () => {
      init({ host: server.baseUrl, apiKey: server.apiKey, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
      service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
      const app = await ok(api.POST('/apps', { body: { app_name: 'traced' } }));
      const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
        params: { path: { app_id: app.app_id } }, body: { variant_name: 'main', url: service.url },
      }));
      await api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } });

      const started = new Date();
      const calls = Array.from({ length: 200 }, (_, i) => i);
      for (let offset = 0; offset < calls.length; offset += 20) {
        const answers = await Promise.all(calls.slice(offset, offset + 20).map((i) => fetch(`${service.url}/run`, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ inputs: { input: `MOCK_REPLY: answer ${i}` }, environment: 'production', app_id: app.app_id }),
        })));
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      }

      const query = { app_id: app.app_id, environment: 'production' };
      const traces = await waitFor('200 traces to be listed', async () => {
        const listed = await listTraces(query);
        return listed.length === 200 ? listed : undefined;
      }, 5_000, 100);
      for (const trace of traces) {
        expect(trace).toMatchObject({ status: 'ok', environment: 'production', app_id: app.app_id, model: 'gpt-4o-mini' });
        expect(trace.span_count).toBeGreaterThanOrEqual(2);
        expect(trace.tokens.total).toBeGreaterThan(0);
        expect(trace.cost).toBeGreaterThan(0);
      }

      const tree = await treeOf(traces[0]!.trace_id);
      expect(tree.variant_id).toBe(variant.variant_id);
      expect(tree.spans).toHaveLength(1);
      expect(tree.spans[0]).toMatchObject({ kind: 'workflow', children: [expect.objectContaining({ kind: 'llm', model: 'gpt-4o-mini' })] });

      const from = new Date(started.getTime() - 60_000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const metrics = await ok(api.GET('/traces/metrics', {
        params: { query: { app_id: app.app_id, environment: 'production', interval: 'minute', from, to } },
      }));
      const buckets = metrics.buckets as unknown as MetricsBucket[];
      const sum = (pick: (bucket: MetricsBucket) => number) => buckets.reduce((total, bucket) => total + pick(bucket), 0);
      expect(sum((bucket) => bucket.count)).toBe(200);
      expect(sum((bucket) => bucket.errors)).toBe(0);
      expect(sum((bucket) => bucket.tokens.total)).toBe(traces.reduce((total, trace) => total + trace.tokens.total, 0));
      expect(sum((bucket) => bucket.cost)).toBeCloseTo(traces.reduce((total, trace) => total + trace.cost!, 0), 9);

      const page = await api.GET('/traces', { params: { query: { ...query, limit: 150 } } });
      expect(page.data).toHaveLength(150);
      const next = /<([^>]+)>; rel="next"/.exec(page.response.headers.get('link') ?? '')?.[1];
      // The link is followed as given: same path, its query string sent verbatim.
      const linked = new URL(next!, server.baseUrl);
      expect(linked.pathname).toBe('/traces');
      expect((await ok(api.GET('/traces', { querySerializer: () => linked.search }))).map((t) => t.trace_id))
        .toEqual(traces.slice(150).map((t) => t.trace_id));
      const searched = await listTraces({ app_id: app.app_id, q: 'answer 137"' });
      expect(searched).toHaveLength(1);
    });

    it('keeps the trace of every evaluation row and links the row to it', async () => {
      const app = await ok(api.POST('/apps', { body: { app_name: 'evaluated' } }));
      const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
        params: { path: { app_id: app.app_id } }, body: { variant_name: 'main', url: service.url },
      }));
      const [revision] = await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } }));
      const testset = await ok(api.POST('/testsets', {
        body: { name: 'traced rows', app_id: app.app_id, csvdata: CAPITALS.slice(0, 4).map((city) => ({ input: city, correct_answer: city })) },
      }));
      const config = await ok(api.POST('/evaluators/configs', {
        body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
      }));
      const [evaluation] = await ok(api.POST('/evaluations', {
        body: {
          app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: [config.id], testset_id: testset.id ?? testset._id,
          rate_limit: QUICK_RATE_LIMIT,
        },
      }));
      await waitForTerminal(api, evaluation!.id);
      const scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
      expect(scenarios).toHaveLength(4);
      for (const scenario of scenarios) {
        expect(scenario.trace_id).toEqual(expect.any(String));
        const trace = await treeOf(scenario.trace_id!);
        expect(trace).toMatchObject({ app_id: app.app_id, variant_id: variant.variant_id, variant_revision_id: revision!.id, status: 'ok' });
        expect(spansOf(trace)[0]!.children[0]).toMatchObject({ kind: 'llm', model: 'gpt-4o-mini' });
      }
    });
  });

  it('takes spans from a plain OpenTelemetry JS script with its model and tokens', async () => {
    const script = join(__dirname, '..', 'fixtures', 'otel-app.js');
    const { stdout } = await run(process.execPath, [script, `${server.baseUrl}/v1/traces`, server.apiKey], { timeout: 30_000 });
    const { trace_id: traceId } = JSON.parse(stdout) as { trace_id: string };
    const tree = await treeOf(traceId);
    expect(tree).toMatchObject({
      source: 'otlp', name: 'answer-question', environment: 'production', status: 'ok', span_count: 2,
      model: 'gpt-4o-mini-2024-07-18', tokens: { prompt: 14, completion: 3, total: 17 }, inputs: 'What is the capital of France?', output: 'Paris',
    });
    expect(spansOf(tree)[0]!.children[0]).toMatchObject({ kind: 'llm', model: 'gpt-4o-mini-2024-07-18', tokens: { prompt: 14, completion: 3, total: 17 } });
  });

  it('answers 422 naming the malformed item, and an unknown trace 404', async () => {
    const raw = server.client;
    const bad = await raw.post('/traces', { traces: [{ trace_id: 'x', latency_ms: -1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans: [] }] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['body', 'traces', 0, 'latency_ms'] }),
      expect.objectContaining({ loc: ['body', 'traces', 0, 'spans'] }),
    ]));
    const span = {
      span_id: 's', parent_span_id: null, name: 'w', kind: 'workflow', status: 'ok',
      start_time: '2026-11-27T14:00:00.000Z', end_time: '2026-11-27T14:00:00.003Z', latency_ms: 3,
    };
    const record = (traceId: string, spans: unknown[], latencyMs = 3) =>
      ({ trace_id: traceId, latency_ms: latencyMs, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans });
    const badTimes = await raw.post('/traces', { traces: [
      record('unreadable-time', [{ ...span, start_time: 'soon' }]),
      record('unstorable-time', [{ ...span, end_time: '+275760-01-01T00:00:00.000Z' }]),
    ] });
    expect(badTimes.status).toBe(422);
    expect(badTimes.body.detail.map((item: { loc: unknown }) => item.loc)).toEqual([
      ['body', 'traces', 0, 'spans', 0, 'start_time'], ['body', 'traces', 1, 'spans', 0, 'end_time'],
    ]);
    expect((await api.GET('/traces/{trace_id}', { params: { path: { trace_id: 'unreadable-time' } } })).response.status).toBe(404);
    // A latency reaching past the last time the database stores ends the trace there.
    const aYear = 365 * 24 * 3600 * 1000;
    const lastDay = { ...span, start_time: '9999-12-31T00:00:00.000Z', end_time: '9999-12-31T00:00:00.003Z' };
    expect((await raw.post('/traces', { traces: [record('ends-at-the-last-time', [lastDay], aYear)] })).status).toBe(200);
    expect(await treeOf('ends-at-the-last-time')).toMatchObject({ end_time: '9999-12-31T23:59:59.999Z', latency_ms: aYear });
    // Figures past their bounds are refused: the database adds them up, and a sum that overflows fails.
    const huge = await raw.post('/traces', { traces: [
      { ...record('costs-too-much', [span]), cost: 1e308 },
      record('lasts-too-long', [{ ...span, latency_ms: aYear + 1 }]),
      record('too-many-tokens', [{ ...span, tokens: { prompt: 1e13, completion: 0, total: 1e13 } }]),
    ] });
    expect(huge.status).toBe(422);
    expect(huge.body.detail.map((item: { loc: unknown }) => item.loc)).toEqual([
      ['body', 'traces', 0, 'cost'], ['body', 'traces', 1, 'spans', 0, 'latency_ms'],
      ['body', 'traces', 2, 'spans', 0, 'tokens', 'prompt'], ['body', 'traces', 2, 'spans', 0, 'tokens', 'total'],
    ]);
    const usage = (key: string, value: number) => ({ key, value: { doubleValue: value } });
    const otlpSpan = (traceId: string, attributes: unknown[]) => ({
      traceId, spanId: '1'.padEnd(16, '0'), name: 'llm', startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000100000000', attributes,
    });
    const unusable = await raw.post('/v1/traces', { resourceSpans: [{ scopeSpans: [{ spans: [
      otlpSpan('a1'.padEnd(32, '0'), [usage('gen_ai.usage.input_tokens', 1.5), usage('gen_ai.usage.cost', 1e308)]),
      otlpSpan('a2'.padEnd(32, '0'), [usage('gen_ai.usage.input_tokens', 1e30), usage('gen_ai.usage.output_tokens', 7)]),
    ] }] }] });
    expect(unusable.status).toBe(200);
    expect(await treeOf('a2'.padEnd(32, '0'))).toMatchObject({ cost: 0, tokens: { prompt: 0, completion: 7, total: 7 } });
    expect((await api.GET('/traces/metrics')).response.status).toBe(200);
    const tooMany = await raw.post('/traces', { traces: Array.from({ length: 501 }, () => ({})) });
    expect(tooMany.status).toBe(422);
    const otlp = await raw.post('/v1/traces', { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'zz', spanId: 'q', name: 'n', startTimeUnixNano: '1', endTimeUnixNano: '2' }] }] }] });
    expect(otlp.status).toBe(422);
    expect(otlp.body.detail[0].loc).toEqual(['body', 'resourceSpans', 0, 'scopeSpans', 0, 'spans', 0]);
    expect((await api.GET('/traces/{trace_id}', { params: { path: { trace_id: 'no-such-trace' } } })).response.status).toBe(404);
    expect((await api.GET('/traces', { params: { query: { limit: 0 } } })).response.status).toBe(422);
    expect((await api.GET('/traces', { params: { query: { cursor: 'garbage' } } })).response.status).toBe(422);
    expect((await raw.withKey(undefined).post('/traces', { traces: [] })).status).toBe(401);
  });

  it('answers 422 at the query parameter a metrics range breaks', async () => {
    const metrics = (query: paths['/traces/metrics']['get']['parameters']['query']) => answer(api.GET('/traces/metrics', { params: { query } }));
    const backwards = await metrics({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(backwards).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'from'], msg: '`from` must be before `to`', type: 'value_error' }] } });
    const tooFine = await metrics({ interval: 'minute', from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(tooFine).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'interval'], type: 'value_error' }] } });
  });

  describe('with the api unreachable', () => {
    let service: RunningService;
    afterAll(() => service?.close());

    it('the service still answers every call, and the export queue stays within its bound', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
      init({
        host: `http://127.0.0.1:${port}`, apiKey: 'crc_unreachable', openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0,
        traceExport: { maxQueue: 50, flushIntervalMs: 20 },
      });
      service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
      for (let offset = 0; offset < 300; offset += 30) {
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${service.url}/playground/run`, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ inputs: { input: `still here ${offset + i}` }, config: { prompt_template: 'MOCK_REPLY: {input}' } }),
        }).then(async (answer) => ({ status: answer.status, data: ((await answer.json()) as { data: string }).data }))));
        expect(answers).toEqual(answers.map((_, i) => ({ status: 200, data: `still here ${offset + i}` })));
      }
      const stats = traceExportStats()!;
      expect(stats.queued).toBeLessThanOrEqual(50);
      expect(stats.exported).toBe(0);
      expect(stats.queued + stats.dropped).toBe(300);
      expect(stats.failedRequests).toBeGreaterThan(0);
    });
  });
});
