import type { Span, Trace } from '@crucible/contracts';
import type { StoredSpan, StoredTrace } from '@crucible/domain';

/** Spans an online evaluation hands its evaluator: one page, enough for RAG and tool-call evaluators to find theirs. */
export const EVALUATED_SPANS_LIMIT = 1000;

const optional = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  (value === null || value === undefined ? {} : { [key]: value } as Record<K, V>);

/** A stored trace as an evaluator reads one (the SDK's trace shape), so evaluators that read spans work on live traffic too. */
export function evaluatedTrace(trace: StoredTrace, spans: StoredSpan[]): Trace {
  return {
    trace_id: trace.traceId, latency_ms: trace.latencyMs, cost: trace.cost, tokens: trace.tokens,
    spans: spans.map((span): Span => ({
      span_id: span.spanId, parent_span_id: span.parentSpanId, name: span.name, kind: span.kind as Span['kind'], status: span.status,
      start_time: span.startTime.toISOString(), end_time: span.endTime.toISOString(), latency_ms: span.latencyMs,
      ...optional('inputs', span.inputs), ...optional('outputs', span.outputs), ...optional('error', span.error),
      ...optional('model', span.model), ...optional('tokens', span.tokens), ...optional('cost', span.cost), ...optional('attributes', span.attributes),
    })),
  };
}
