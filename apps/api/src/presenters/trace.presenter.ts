import type { StoredSpan, StoredTrace, TraceWithSpans } from '@crucible/domain';
import type { TraceMetrics } from '@crucible/application';

export const presentTrace = (trace: StoredTrace) => ({
  trace_id: trace.traceId,
  source: trace.source,
  name: trace.name,
  app_id: trace.appId,
  variant_id: trace.variantId,
  variant_revision_id: trace.variantRevisionId,
  environment: trace.environment,
  route: trace.route,
  status: trace.status,
  start_time: trace.startTime.toISOString(),
  end_time: trace.endTime.toISOString(),
  latency_ms: trace.latencyMs,
  cost: trace.cost,
  tokens: trace.tokens,
  model: trace.model,
  inputs: trace.inputs,
  output: trace.output,
  error: trace.error,
  span_count: trace.spanCount,
});

interface PresentedSpan {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: string;
  status: string;
  start_time: string;
  end_time: string;
  latency_ms: number;
  inputs: unknown;
  outputs: unknown;
  error: StoredSpan['error'];
  model: string | null;
  tokens: StoredSpan['tokens'];
  cost: number | null;
  attributes: Record<string, unknown> | null;
  children: PresentedSpan[];
}

/** The trace with its spans as a tree: roots (no parent among the stored spans) first, children in start order. */
export function presentTraceTree({ trace, spans }: TraceWithSpans) {
  const nodes = new Map<string, PresentedSpan>();
  for (const span of spans) {
    nodes.set(span.spanId, {
      span_id: span.spanId, parent_span_id: span.parentSpanId, name: span.name, kind: span.kind, status: span.status,
      start_time: span.startTime.toISOString(), end_time: span.endTime.toISOString(), latency_ms: span.latencyMs,
      inputs: span.inputs, outputs: span.outputs, error: span.error, model: span.model, tokens: span.tokens,
      cost: span.cost, attributes: span.attributes, children: [],
    });
  }
  const roots: PresentedSpan[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_span_id ? nodes.get(node.parent_span_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return { ...presentTrace(trace), spans: roots };
}

export const presentTraceMetrics = (metrics: TraceMetrics) => ({
  interval: metrics.interval,
  from: metrics.from.toISOString(),
  to: metrics.to.toISOString(),
  buckets: metrics.buckets.map((bucket) => ({
    bucket: bucket.bucket.toISOString(),
    count: bucket.count,
    errors: bucket.errors,
    p50_latency_ms: bucket.p50LatencyMs,
    p95_latency_ms: bucket.p95LatencyMs,
    tokens: bucket.tokens,
    cost: bucket.cost,
  })),
});
