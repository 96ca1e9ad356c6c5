import { LATEST_TRACE_TIME_MS, type TraceRecord } from '@crucible/contracts';
import type { StoredSpan, TraceWithSpans } from '@crucible/domain';

/** The SDK's trace shape (§4 plus where it ran) → stored trace and spans; totals are the SDK's own. */
export function traceFromRecord(projectId: string, record: TraceRecord): TraceWithSpans {
  const spans: StoredSpan[] = record.spans.map((span) => ({
    traceId: record.trace_id,
    spanId: span.span_id,
    parentSpanId: span.parent_span_id,
    name: span.name,
    kind: span.kind,
    status: span.status,
    startTime: new Date(span.start_time),
    endTime: new Date(span.end_time),
    latencyMs: span.latency_ms,
    inputs: span.inputs ?? null,
    outputs: span.outputs ?? null,
    error: span.error ?? null,
    model: span.model ?? null,
    tokens: span.tokens ?? null,
    cost: span.cost ?? null,
    costSource: span.cost === undefined ? null : 'reported',
    attributes: span.attributes ?? null,
  }));
  const root = spans.find((span) => span.parentSpanId === null) ?? spans[0]!;
  return {
    trace: {
      traceId: record.trace_id,
      projectId,
      source: 'sdk',
      name: root.name,
      appId: record.app_id ?? null,
      variantId: record.variant_id ?? null,
      variantRevisionId: record.variant_revision_id ?? null,
      environment: record.environment ?? null,
      route: record.route ?? null,
      sessionId: record.session_id ?? null,
      userId: record.user_id ?? null,
      status: root.status,
      startTime: root.startTime,
      // The call's own latency from its root's start; no later than a time the database stores (a latency is unbounded).
      endTime: new Date(Math.min(root.startTime.getTime() + record.latency_ms, LATEST_TRACE_TIME_MS)),
      latencyMs: record.latency_ms,
      cost: record.cost,
      costSource: record.cost > 0 || spans.some((span) => span.costSource) ? 'reported' : null,
      tokens: record.tokens,
      model: spans.find((span) => span.model)?.model ?? null,
      inputs: record.inputs ?? root.inputs,
      output: record.output ?? root.outputs,
      error: root.error,
      spanCount: spans.length,
    },
    spans,
  };
}
