import { TRACE_BATCH_MAX_SPANS } from '@crucible/contracts';
import { InMemoryModelPricing, InMemoryTraceRepository, actorOf } from '../../testing';
import { IngestOtlpTracesUseCase } from './ingest-otlp-traces.use-case';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const nanos = (ms: number) => `${BigInt(Date.parse('2026-01-01T00:00:00Z') + ms) * 1_000_000n}`;
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
const count = (key: string, value: number) => ({ key, value: { intValue: String(value) } });
const span = (trace: number, id: number, extra: Record<string, unknown> = {}) => ({
  traceId: hex(trace, 32), spanId: hex(id, 16), name: `step ${id}`, startTimeUnixNano: nanos(0), endTimeUnixNano: nanos(20), ...extra,
});
const batch = (spans: unknown[]) => ({ resourceSpans: [{ resource: { attributes: [text('crucible.app_id', 'chat')] }, scopeSpans: [{ spans }] }] });
const llmCall = [text('gen_ai.request.model', 'gpt-4o-mini'), count('gen_ai.usage.input_tokens', 1000), count('gen_ai.usage.output_tokens', 500)];

describe('IngestOtlpTracesUseCase', () => {
  const actor = actorOf();
  const ingestInto = (traces: InMemoryTraceRepository, maxSpansPerTrace = 100) =>
    new IngestOtlpTracesUseCase(traces, { maxSpansPerTrace }, new InMemoryModelPricing({ 'gpt-4o-mini': { input: 0.15, output: 0.6 } }));

  it('groups spans by trace, keeps the resource\'s place, and prices an LLM call from its model and tokens', async () => {
    const traces = new InMemoryTraceRepository();
    const outcome = await ingestInto(traces).execute(actor, batch([
      span(1, 1), span(1, 2, { parentSpanId: hex(1, 16), attributes: llmCall }), span(2, 1),
    ]));
    expect(outcome).toEqual({ traces: 2, spans: 3, rejectedSpans: 0, errorMessage: null });
    const stored = await traces.findById(actor.projectId, hex(1, 32), { limit: 10, after: null });
    expect(stored?.trace).toMatchObject({ source: 'otlp', appId: 'chat', spanCount: 2, cost: 0.00045 });
    expect(await traces.findById(actorOf().projectId, hex(1, 32), { limit: 10, after: null })).toBeNull();
  });

  it('refuses a bad span alone, naming where it is, and the whole batch when nothing is left', async () => {
    const traces = new InMemoryTraceRepository();
    const outcome = await ingestInto(traces).execute(actor, batch([span(3, 1), span(3, 2, { spanId: 'not hex!' })]));
    expect(outcome).toMatchObject({ traces: 1, spans: 1, rejectedSpans: 1 });
    expect(outcome.errorMessage).toContain('resourceSpans.0.scopeSpans.0.spans.1');
    await expect(ingestInto(traces).execute(actor, batch([span(4, 1, { traceId: 'zz' })])))
      .rejects.toMatchObject({ code: 'invalid_input' });
    expect(await traces.findById(actor.projectId, hex(4, 32), { limit: 10, after: null })).toBeNull();
  });

  it('says at most five reasons, then how many more', async () => {
    const outcome = await ingestInto(new InMemoryTraceRepository())
      .execute(actor, batch([span(5, 1), ...Array.from({ length: 8 }, (_, i) => span(5, i + 2, { spanId: `bad-${i}` }))]));
    expect(outcome.rejectedSpans).toBe(8);
    expect(outcome.errorMessage?.split('; ')).toHaveLength(6);
    expect(outcome.errorMessage).toMatch(/and 3 more$/);
  });

  it('keeps at most CRUCIBLE_MAX_SPANS_PER_TRACE spans of a trace and says so', async () => {
    const outcome = await ingestInto(new InMemoryTraceRepository(), 2).execute(actor, batch([span(6, 1), span(6, 2), span(6, 3)]));
    expect(outcome).toMatchObject({ traces: 1, spans: 2, rejectedSpans: 1 });
    expect(outcome.errorMessage).toContain('past the 2 a trace keeps (CRUCIBLE_MAX_SPANS_PER_TRACE)');
  });

  it(`refuses a batch of more than ${TRACE_BATCH_MAX_SPANS} spans before reading any`, async () => {
    const traces = new InMemoryTraceRepository();
    const spans = Array.from({ length: TRACE_BATCH_MAX_SPANS + 1 }, (_, i) => span(7, i + 1));
    await expect(ingestInto(traces).execute(actor, batch(spans)))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['resourceSpans'], rule: 'too_many_items' }] });
    expect(traces.stored.size).toBe(0);
  });
});
