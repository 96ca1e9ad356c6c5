import type { StoredSpan, StoredTrace, TraceListItem, TraceSession } from '@crucible/domain';
import type { TraceDetail, TraceMetrics } from '@crucible/application';
import { presentScore } from './score.presenter';
import type { z } from 'zod';
import type { traceListItemSchema, traceMetricsSchema, traceSessionSchema, traceSpanSchema, traceTreeSchema } from '../wire/trace.wire';

type TraceListItemAnswer = z.input<typeof traceListItemSchema>;
type TraceTreeAnswer = z.input<typeof traceTreeSchema>;

const presentTraceSummary = (
  trace: Omit<StoredTrace, 'inputs' | 'output'>,
): Omit<TraceListItemAnswer, 'inputs_preview' | 'inputs_truncated' | 'output_preview' | 'output_truncated'> => ({
  trace_id: trace.traceId,
  source: trace.source,
  name: trace.name,
  app_id: trace.appId,
  variant_id: trace.variantId,
  variant_revision_id: trace.variantRevisionId,
  environment: trace.environment,
  route: trace.route,
  session_id: trace.sessionId,
  user_id: trace.userId,
  status: trace.status,
  start_time: trace.startTime.toISOString(),
  end_time: trace.endTime.toISOString(),
  latency_ms: trace.latencyMs,
  cost: trace.cost,
  cost_source: trace.costSource,
  tokens: trace.tokens,
  model: trace.model,
  error: trace.error,
  span_count: trace.spanCount,
});

/** A list item: the start of inputs and output only. */
export const presentTraceListItem = (trace: TraceListItem): TraceListItemAnswer => ({
  ...presentTraceSummary(trace),
  inputs_preview: trace.inputsPreview?.text ?? null,
  inputs_truncated: trace.inputsPreview?.truncated ?? false,
  output_preview: trace.outputPreview?.text ?? null,
  output_truncated: trace.outputPreview?.truncated ?? false,
});

/** A span's own fields; its `children` are written after them (spanTreeJson). */
const presentSpan = (span: StoredSpan): Omit<z.input<typeof traceSpanSchema>, 'children'> => ({
  span_id: span.spanId, parent_span_id: span.parentSpanId, name: span.name, kind: span.kind, status: span.status,
  start_time: span.startTime.toISOString(), end_time: span.endTime.toISOString(), latency_ms: span.latencyMs,
  inputs: span.inputs, outputs: span.outputs, error: span.error, model: span.model, tokens: span.tokens,
  cost: span.cost, cost_source: span.costSource, attributes: span.attributes,
});

/** One span's JSON object, open for its `children` array: `{…,"children":[`. */
function openSpanJson(span: StoredSpan): string {
  const own = JSON.stringify(presentSpan(span));
  return `${own.slice(0, -1)},"children":[`;
}

/**
 * The page's spans as a tree, as JSON text: roots (no parent among these spans) first, children in start order. A
 * parent chain may be thousands deep, past what JSON.stringify's recursion takes (it overflows near 2 500 nested
 * spans), so the tree is built and written with an explicit stack; each span's own fields are bounded in depth at ingest.
 */
export function spanTreeJson(spans: StoredSpan[]): string {
  const ids = new Set(spans.map((span) => span.spanId));
  const childrenOf = new Map<string, StoredSpan[]>();
  const roots: StoredSpan[] = [];
  for (const span of spans) {
    if (!span.parentSpanId || span.parentSpanId === span.spanId || !ids.has(span.parentSpanId)) {
      roots.push(span);
      continue;
    }
    const siblings = childrenOf.get(span.parentSpanId);
    if (siblings) siblings.push(span);
    else childrenOf.set(span.parentSpanId, [span]);
  }
  const out: string[] = ['['];
  const stack: Array<{ spans: StoredSpan[]; next: number; close: string }> = [{ spans: roots, next: 0, close: ']' }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.spans.length) {
      stack.pop();
      out.push(frame.close);
      continue;
    }
    if (frame.next > 0) out.push(',');
    const span = frame.spans[frame.next]!;
    frame.next += 1;
    out.push(openSpanJson(span));
    stack.push({ spans: childrenOf.get(span.spanId) ?? [], next: 0, close: ']}' });
  }
  return out.join('');
}

/** `GET /traces/{trace_id}` as JSON text (see spanTreeJson): the trace whole, its scores, one page of its spans as a tree. */
export function traceTreeJson(found: TraceDetail, nextSpansCursor: string | null): string {
  const head: Omit<TraceTreeAnswer, 'spans'> = {
    ...presentTraceSummary(found.trace), inputs: found.trace.inputs ?? null, output: found.trace.output ?? null,
    scores: found.scores.map(presentScore), next_spans_cursor: nextSpansCursor,
  };
  return `${JSON.stringify(head).slice(0, -1)},"spans":${spanTreeJson(found.spans)}}`;
}

export const presentTraceMetrics = (metrics: TraceMetrics): z.input<typeof traceMetricsSchema> => ({
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
    scores: bucket.scores,
  })),
});

export const presentTraceSession = (session: TraceSession): z.input<typeof traceSessionSchema> => ({
  session_id: session.sessionId,
  traces: session.traces,
  first_at: session.firstAt.toISOString(),
  last_at: session.lastAt.toISOString(),
  input_tokens: session.tokens.prompt,
  output_tokens: session.tokens.completion,
  total_tokens: session.tokens.total,
  cost: session.cost,
});
