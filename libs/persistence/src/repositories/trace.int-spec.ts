import { randomUUID } from 'node:crypto';
import type { TraceRecord } from '@crucible/contracts';
import type { Actor } from '@crucible/domain';
import {
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase,
  PurgeExpiredTracesUseCase, traceFromRecord, CustomThenCatalogPricing, ProviderReadCache,
} from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { TypeOrmCustomModelRepository } from './custom-model.repository';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmScoreRepository } from './score.repository';
import { TypeOrmTraceRepository } from './trace.repository';

/** An SDK trace: a workflow root with one llm child carrying the usage; trace totals equal the root's. */
function sdkTrace(id: string, start: Date, overrides: Partial<TraceRecord> = {}): TraceRecord {
  const end = new Date(start.getTime() + 120);
  const tokens = { prompt: 10, completion: 5, total: 15 };
  return {
    trace_id: id, latency_ms: 120, cost: 0.002, tokens,
    spans: [
      { span_id: `${id}-root`, parent_span_id: null, name: 'generate', kind: 'workflow', status: 'ok',
        start_time: start.toISOString(), end_time: end.toISOString(), latency_ms: 120, inputs: { input: `question ${id}` },
        outputs: `answer ${id}`, tokens, cost: 0.002 },
      { span_id: `${id}-llm`, parent_span_id: `${id}-root`, name: 'llm.chat', kind: 'llm', status: 'ok',
        start_time: start.toISOString(), end_time: end.toISOString(), latency_ms: 100, model: 'gpt-4o-mini', tokens, cost: 0.002 },
    ],
    app_id: 'app-1', environment: 'production', route: '/', inputs: { input: `question ${id}` }, output: `answer ${id}`,
    ...overrides,
  };
}

const LIMITS = { maxSpansPerTrace: 10_000 };
/** A catalog of one model, at gpt-4o-mini's prices. */
const CATALOG = new InMemoryModelCatalog([{
  id: 'openai/gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', name: 'gpt 4o mini', contextWindow: null, maxOutputTokens: null,
  prices: { input: 0.15, output: 0.6, cachedInput: 0.075 },
}]);
const nanos = (date: Date) => `${BigInt(date.getTime()) * 1_000_000n}`;

describe.each(['postgres', 'pglite'] as const)('traces on %s', (engine) => {
  let database: TestDatabase;
  let actor: Actor;
  let useCases: ReturnType<typeof wire>;

  function wire(repository: TypeOrmTraceRepository, limits = LIMITS) {
    const pricing = new CustomThenCatalogPricing(new TypeOrmCustomModelRepository(database.dataSource), new InMemoryProviderConnectionDirectory(), CATALOG, new ProviderReadCache());
    return {
      ingest: new IngestTracesUseCase(repository, limits, pricing),
      ingestOtlp: new IngestOtlpTracesUseCase(repository, limits, pricing),
      list: new ListTracesUseCase(repository),
      get: new GetTraceUseCase(repository, new TypeOrmScoreRepository(database.dataSource)),
      metrics: new GetTraceMetricsUseCase(repository),
      purge: new PurgeExpiredTracesUseCase(repository),
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    actor = database.actor;
    useCases = wire(new TypeOrmTraceRepository(database.dataSource));
  });
  afterAll(() => database?.close());

  it('stores a batch once: sending it again adds nothing, and another project sees none of it', async () => {
    const start = new Date('2026-11-20T10:00:00.000Z');
    const batch = { traces: [sdkTrace('t-1', start), sdkTrace('t-2', new Date(start.getTime() + 1000))] };
    expect(await useCases.ingest.execute(actor, batch)).toEqual({ accepted: 2, rejected: [], traces: 2, spans: 4, rejectedSpans: 0 });
    expect(await useCases.ingest.execute(actor, batch)).toEqual({ accepted: 2, rejected: [], traces: 0, spans: 0, rejectedSpans: 0 });

    const tree = await useCases.get.execute(actor, 't-1');
    expect(tree.trace).toMatchObject({ name: 'generate', status: 'ok', cost: 0.002, tokens: { total: 15 }, model: 'gpt-4o-mini', spanCount: 2 });
    expect(tree.spans.map((span) => span.name).sort()).toEqual(['generate', 'llm.chat']);
    await expect(useCases.get.execute(database.otherActor, 't-1')).rejects.toMatchObject({ code: 'not_found' });
    expect((await useCases.list.execute(database.otherActor, {}, { limit: 10, after: null })).traces).toEqual([]);
  });

  it('fills in where a trace ran when a later copy knows it, without double counting', async () => {
    const start = new Date('2026-11-20T11:00:00.000Z');
    await useCases.ingest.execute(actor, { traces: [sdkTrace('t-late', start, { app_id: null, environment: null })] });
    await useCases.ingest.execute(actor, { traces: [sdkTrace('t-late', start, { app_id: 'app-2', environment: 'staging', cost: 99 })] });
    const { trace } = await useCases.get.execute(actor, 't-late');
    expect(trace).toMatchObject({ appId: 'app-2', environment: 'staging', cost: 0.002 });
  });

  it('lists newest first with filters, text search and keyset pages', async () => {
    const base = new Date('2026-11-21T00:00:00.000Z');
    const traces = Array.from({ length: 7 }, (_, i) => sdkTrace(`p-${i}`, new Date(base.getTime() + i * 60_000), {
      app_id: 'paged', environment: i % 2 === 0 ? 'production' : 'staging',
    }));
    await useCases.ingest.execute(actor, { traces });
    const seen: string[] = [];
    let after = null;
    do {
      const page: Awaited<ReturnType<typeof useCases.list.execute>> = await useCases.list.execute(actor, { appId: 'paged' }, { limit: 3, after });
      seen.push(...page.traces.map((trace) => trace.traceId));
      after = page.next;
    } while (after);
    expect(seen).toEqual(['p-6', 'p-5', 'p-4', 'p-3', 'p-2', 'p-1', 'p-0']);

    const production = await useCases.list.execute(actor, { appId: 'paged', environment: 'production' }, { limit: 100, after: null });
    expect(production.traces.map((trace) => trace.traceId)).toEqual(['p-6', 'p-4', 'p-2', 'p-0']);
    const found = await useCases.list.execute(actor, { search: 'QUESTION P-3' }, { limit: 100, after: null });
    expect(found.traces.map((trace) => trace.traceId)).toEqual(['p-3']);
    const literal = await useCases.list.execute(actor, { search: '%' }, { limit: 100, after: null });
    expect(literal.traces).toEqual([]);
  });

  it('searches the whole of inputs and outputs longer than their previews, and pages a search newest first', async () => {
    const base = new Date('2026-11-22T00:00:00.000Z');
    const filler = 'x'.repeat(600);
    const at = (i: number) => new Date(base.getTime() + i * 60_000);
    const texts: Array<[string, Partial<TraceRecord>]> = [
      ['s-long-in', { inputs: { input: `${filler} needle-in` } }],
      ['s-long-out', { output: `${filler} needle-out` }],
      ['s-short', { output: 'needle-short' }],
      ...Array.from({ length: 5 }, (_, i): [string, Partial<TraceRecord>] => [`s-common-${i}`, { output: `a common word ${i}` }]),
    ];
    await useCases.ingest.execute(actor, { traces: texts.map(([id, fields], i) => sdkTrace(id, at(i), { app_id: 'searched', ...fields })) });
    const search = async (text: string, limit = 100) => {
      const ids: string[] = [];
      let after = null;
      do {
        const page: Awaited<ReturnType<typeof useCases.list.execute>> = await useCases.list.execute(actor, { appId: 'searched', search: text }, { limit, after });
        ids.push(...page.traces.map((trace) => trace.traceId));
        after = page.next;
      } while (after);
      return ids;
    };

    expect(await search('NEEDLE-IN')).toEqual(['s-long-in']);
    expect(await search('needle-out')).toEqual(['s-long-out']);
    expect(await search('needle')).toEqual(['s-short', 's-long-out', 's-long-in']);
    expect(await search('common word', 2)).toEqual(['s-common-4', 's-common-3', 's-common-2', 's-common-1', 's-common-0']);
    expect(await search('nowhere', 2)).toEqual([]);
    expect(await search('x'.repeat(501))).toEqual(['s-long-out', 's-long-in']);
  });

  it('charts count, errors, latency percentiles, tokens and cost per bucket', async () => {
    const hour = new Date('2026-11-22T05:00:00.000Z');
    const traces = [10, 20, 30, 40].map((latency, i) => sdkTrace(`m-${i}`, new Date(hour.getTime() + i * 1000), {
      app_id: 'metrics', latency_ms: latency,
    }));
    traces[3]!.spans[0]!.status = 'error';
    traces[3]!.spans[0]!.error = { message: 'boom' };
    await useCases.ingest.execute(actor, { traces });
    const metrics = await useCases.metrics.execute(actor, { appId: 'metrics', from: hour, to: new Date(hour.getTime() + 3_600_000) }, 'hour');
    expect(metrics.buckets).toHaveLength(1);
    const [bucket] = metrics.buckets;
    expect(bucket).toMatchObject({ count: 4, errors: 1, tokens: { prompt: 40, completion: 20, total: 60 } });
    expect(bucket!.bucket.toISOString()).toBe(hour.toISOString());
    expect(bucket!.p50LatencyMs).toBeCloseTo(25);
    expect(bucket!.p95LatencyMs).toBeCloseTo(38.5);
    expect(bucket!.cost).toBeCloseTo(0.008);
    await expect(useCases.metrics.execute(actor, { from: new Date('2020-01-01'), to: new Date('2026-01-01') }, 'minute'))
      .rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('takes OTLP spans over several batches and sums their GenAI usage', async () => {
    const start = new Date('2026-11-22T06:00:00.000Z');
    const traceId = 'a'.repeat(32);
    const span = (spanId: string, parent: string | undefined, offsetMs: number, attributes: Array<[string, string | number]>) => ({
      traceId, spanId, parentSpanId: parent, name: parent ? 'chat gpt-4o' : 'answer-question', kind: 1,
      startTimeUnixNano: nanos(new Date(start.getTime() + offsetMs)), endTimeUnixNano: nanos(new Date(start.getTime() + offsetMs + 50)),
      attributes: attributes.map(([key, value]) => ({ key, value: typeof value === 'number' ? { intValue: value } : { stringValue: value } })),
      status: { code: 1 },
    });
    const resource = { attributes: [{ key: 'crucible.app_id', value: { stringValue: 'otel-app' } }] };
    const child = span('1'.repeat(16), '2'.repeat(16), 10, [['gen_ai.operation.name', 'chat'], ['gen_ai.request.model', 'gpt-4o'],
      ['gen_ai.usage.input_tokens', 7], ['gen_ai.usage.output_tokens', 3]]);
    expect(await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ resource, scopeSpans: [{ spans: [child] }] }] }))
      .toEqual({ traces: 1, spans: 1, rejectedSpans: 0, errorMessage: null });
    const root = span('2'.repeat(16), undefined, 0, [['input.value', 'What is 2 + 2?'], ['output.value', '4']]);
    const second = span('3'.repeat(16), '2'.repeat(16), 70, [['gen_ai.operation.name', 'chat'], ['gen_ai.usage.input_tokens', 5],
      ['gen_ai.usage.output_tokens', 1]]);
    expect(await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ resource, scopeSpans: [{ spans: [root, second, child] }] }] }))
      .toEqual({ traces: 0, spans: 2, rejectedSpans: 0, errorMessage: null });

    const { trace, spans } = await useCases.get.execute(actor, traceId);
    expect(spans).toHaveLength(3);
    expect(trace).toMatchObject({
      source: 'otlp', name: 'answer-question', appId: 'otel-app', model: 'gpt-4o', spanCount: 3,
      tokens: { prompt: 12, completion: 4, total: 16 }, latencyMs: 120, inputs: 'What is 2 + 2?', output: '4',
    });
    // The root came after its child: the trace took its inputs and output then, list previews included.
    const listed = await useCases.list.execute(actor, { appId: 'otel-app' }, { limit: 10, after: null });
    expect(listed.traces.find((item) => item.traceId === traceId)).toMatchObject({
      inputsPreview: { text: '"What is 2 + 2?"', truncated: false }, outputPreview: { text: '"4"', truncated: false },
    });
    expect(spans.find((s) => s.spanId === '1'.repeat(16))).toMatchObject({ kind: 'llm', model: 'gpt-4o', tokens: { total: 10 } });
  });

  it('prices OTLP spans with a model and tokens but no cost, keeps a reported cost, and sums both over batches', async () => {
    const start = new Date('2026-11-22T03:00:00.000Z');
    const traceId = 'e'.repeat(32);
    const span = (spanId: string, offsetMs: number, attributes: Array<[string, string | number]>) => ({
      traceId, spanId, name: 'chat', kind: 3,
      startTimeUnixNano: nanos(new Date(start.getTime() + offsetMs)), endTimeUnixNano: nanos(new Date(start.getTime() + offsetMs + 50)),
      attributes: attributes.map(([key, value]) => ({ key, value: typeof value === 'number' ? { doubleValue: value } : { stringValue: value } })),
    });
    const priced = span('4'.repeat(16), 0, [['gen_ai.system', 'openai'], ['gen_ai.request.model', 'gpt-4o-mini'],
      ['gen_ai.usage.input_tokens', 1000], ['gen_ai.usage.output_tokens', 500]]);
    const reported = span('5'.repeat(16), 10, [['gen_ai.request.model', 'gpt-4o-mini'], ['gen_ai.usage.input_tokens', 10],
      ['gen_ai.usage.output_tokens', 10], ['gen_ai.usage.cost', 0.5]]);
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [reported] }] }] });
    expect((await useCases.get.execute(actor, traceId)).trace).toMatchObject({ cost: 0.5, costSource: 'reported' });
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [priced] }] }] });

    const { trace, spans } = await useCases.get.execute(actor, traceId);
    // 1000 × $0.15/M + 500 × $0.60/M
    expect(spans.find((s) => s.spanId === '4'.repeat(16))).toMatchObject({ cost: 0.00045, costSource: 'computed' });
    expect(spans.find((s) => s.spanId === '5'.repeat(16))).toMatchObject({ cost: 0.5, costSource: 'reported' });
    expect(trace).toMatchObject({ costSource: 'computed' });
    expect(trace.cost).toBeCloseTo(0.50045, 10);
    const metrics = await useCases.metrics.execute(actor, { from: start, to: new Date(start.getTime() + 60_000) }, 'hour');
    expect(metrics.buckets.reduce((sum, bucket) => sum + bucket.cost, 0)).toBeCloseTo(0.50045, 10);
  });

  it('refuses an OTLP span whose ids or times make no sense, naming it, and stores the rest of the batch', async () => {
    const start = new Date('2026-11-22T07:00:00.000Z');
    const good = { traceId: 'b'.repeat(32), spanId: '4'.repeat(16), name: 'ok', startTimeUnixNano: nanos(start), endTimeUnixNano: nanos(start) };
    const backwards = { ...good, spanId: '5'.repeat(16), endTimeUnixNano: nanos(new Date(start.getTime() - 1)) };
    const outcome = await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [good, backwards] }] }] });
    expect(outcome).toMatchObject({ traces: 1, spans: 1, rejectedSpans: 1 });
    expect(outcome.errorMessage).toContain('resourceSpans.0.scopeSpans.0.spans.1: endTimeUnixNano is before startTimeUnixNano');
    expect((await useCases.get.execute(actor, 'b'.repeat(32))).spans.map((span) => span.spanId)).toEqual(['4'.repeat(16)]);
    await expect(useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [backwards] }] }] }))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['resourceSpans', 0, 'scopeSpans', 0, 'spans', 0] }] });
  });

  it('keeps at most maxSpansPerTrace spans of a trace over all its batches, counts the rest, and pages them in start order', async () => {
    const capped = wire(new TypeOrmTraceRepository(database.dataSource), { maxSpansPerTrace: 5 });
    const start = new Date('2026-11-22T08:00:00.000Z');
    const record = sdkTrace('capped', start);
    const more = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({
      ...record.spans[1]!, span_id: `capped-${String(from + i).padStart(3, '0')}`,
      start_time: new Date(start.getTime() + from + i).toISOString(),
    }));
    // The first write keeps 5 of 6 in the trace's row; later batches find no room, whatever they bring again.
    expect(await capped.ingest.execute(actor, { traces: [{ ...record, spans: [...record.spans, ...more(1, 4)] }] }))
      .toMatchObject({ accepted: 1, traces: 1, spans: 5, rejectedSpans: 1 });
    expect(await capped.ingest.execute(actor, { traces: [{ ...record, spans: [...record.spans, ...more(10, 3)] }] }))
      .toMatchObject({ accepted: 1, traces: 0, spans: 0, rejectedSpans: 3 });
    const otlpSpan = (i: number) => ({
      traceId: 'c'.repeat(32), spanId: i.toString(16).padStart(16, '0'), parentSpanId: i > 1 ? (i - 1).toString(16).padStart(16, '0') : undefined,
      name: `s${i}`, startTimeUnixNano: nanos(new Date(start.getTime() + i)), endTimeUnixNano: nanos(new Date(start.getTime() + i + 1)),
    });
    const batch = (from: number, to: number) => ({ resourceSpans: [{ scopeSpans: [{ spans: Array.from({ length: to - from + 1 }, (_, i) => otlpSpan(from + i)) }] }] });
    expect(await capped.ingestOtlp.execute(actor, batch(1, 3))).toMatchObject({ spans: 3, rejectedSpans: 0 });
    const grown = await capped.ingestOtlp.execute(actor, batch(2, 9));
    expect(grown).toMatchObject({ spans: 2, rejectedSpans: 4 });
    expect(grown.errorMessage).toContain('4 spans past the 5 a trace keeps');

    const pages: string[][] = [];
    let after = null;
    do {
      const page: Awaited<ReturnType<typeof capped.get.execute>> = await capped.get.execute(actor, 'c'.repeat(32), { limit: 2, after });
      pages.push(page.spans.map((span) => span.name));
      after = page.nextSpans;
    } while (after);
    expect(pages).toEqual([['s1', 's2'], ['s3', 's4'], ['s5']]);
    expect((await capped.get.execute(actor, 'c'.repeat(32))).trace).toMatchObject({ spanCount: 5 });
  });

  /** Each span stored of a project, where it is kept: `row` (its trace's row) or `table` (`spans`). */
  const storedSpans = async (projectId: string): Promise<string[]> =>
    (await database.dataSource.query(
      `SELECT s.span_id || ' in row' AS span FROM traces t CROSS JOIN LATERAL jsonb_to_recordset(t.inline_spans) AS s(span_id text)
        WHERE t.project_id = $1
       UNION ALL SELECT span_id || ' in table' FROM spans WHERE project_id = $1 ORDER BY 1`,
      [projectId],
    )).map((row: { span: string }) => row.span);

  it('stores a span only with its trace, later spans beside it once, and a deleted project takes them all with it', async () => {
    const repository = new TypeOrmTraceRepository(database.dataSource);
    const projectId = randomUUID();
    await database.dataSource.query('INSERT INTO projects (id, name, created_at) VALUES ($1, $2, now())', [projectId, 'doomed']);
    const kept = traceFromRecord(projectId, sdkTrace('kept', new Date('2026-11-21T10:00:00.000Z')));
    // A span naming a trace the batch does not hold is not stored: no trace, no span. A span sent twice is one span.
    const stray = { ...kept.spans[1]!, spanId: 'stray', traceId: 'no-such-trace' };
    expect(await repository.save(projectId, [{ ...kept, spans: [...kept.spans, stray, kept.spans[0]!] }], LIMITS)).toEqual({ traces: 1, spans: 2, rejectedSpans: 0 });
    expect(await storedSpans(projectId)).toEqual(['kept-llm in row', 'kept-root in row']);

    const late = { ...kept.spans[1]!, spanId: 'kept-late', startTime: new Date('2026-11-21T09:59:59.000Z') };
    expect(await repository.save(projectId, [{ ...kept, spans: [...kept.spans, late] }], LIMITS)).toEqual({ traces: 0, spans: 1, rejectedSpans: 0 });
    expect(await repository.save(projectId, [{ ...kept, spans: [late, ...kept.spans] }], LIMITS)).toEqual({ traces: 0, spans: 0, rejectedSpans: 0 });
    expect(await storedSpans(projectId)).toEqual(['kept-late in table', 'kept-llm in row', 'kept-root in row']);
    const found = await repository.findById(projectId, 'kept', { limit: 100, after: null });
    expect(found!.spans.map((span) => span.spanId)).toEqual(['kept-late', 'kept-llm', 'kept-root']);
    expect(found!.spans[0]).toEqual(late);
    expect(found!.spans.find((span) => span.spanId === 'kept-root')).toEqual(kept.spans.find((span) => span.spanId === 'kept-root'));

    await database.dataSource.query('DELETE FROM projects WHERE id = $1', [projectId]);
    expect(await storedSpans(projectId)).toEqual([]);
  });

  it('deletes traces older than the retention, spans included', async () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    const old = sdkTrace('old', new Date(now.getTime() - 40 * 86_400_000));
    await useCases.ingest.execute(actor, { traces: [old, sdkTrace('recent', new Date(now.getTime() - 86_400_000))] });
    const late = { ...old.spans[1]!, span_id: 'old-late' };
    expect(await useCases.ingest.execute(actor, { traces: [{ ...old, spans: [late] }] })).toMatchObject({ traces: 0, spans: 1 });
    expect(await useCases.purge.execute({ retentionDays: 30, now })).toBeGreaterThanOrEqual(1);
    await expect(useCases.get.execute(actor, 'old')).rejects.toMatchObject({ code: 'not_found' });
    expect((await useCases.get.execute(actor, 'recent')).spans).toHaveLength(2);
    expect((await storedSpans(actor.projectId)).filter((span) => span.startsWith('old'))).toEqual([]);
  });
});
