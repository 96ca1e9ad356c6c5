import type { CostSource } from '../providers/model';

/** Where traces come from: our SDK's trace shape, or any OpenTelemetry exporter (OTLP). */
export type TraceSource = 'sdk' | 'otlp';
export type TraceStatus = 'ok' | 'error';

export interface TokenCounts {
  prompt: number;
  completion: number;
  total: number;
}

/** One span as stored; tokens and cost as the producer reported them (SDK: subtree totals; OTLP: its own call). */
export interface StoredSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: string;
  status: TraceStatus;
  startTime: Date;
  endTime: Date;
  latencyMs: number;
  inputs: unknown;
  outputs: unknown;
  error: { message: string; stacktrace?: string } | null;
  model: string | null;
  tokens: TokenCounts | null;
  cost: number | null;
  /** null when the span has no cost. */
  costSource: CostSource | null;
  attributes: Record<string, unknown> | null;
}

/** One call of a workflow: where it ran, what it cost, how it ended. */
export interface StoredTrace {
  traceId: string;
  projectId: string;
  source: TraceSource;
  name: string;
  appId: string | null;
  variantId: string | null;
  variantRevisionId: string | null;
  environment: string | null;
  route: string | null;
  /** The conversation this call belongs to, as the app named it (SDK route context, OTLP `session.id`). */
  sessionId: string | null;
  /** The end user the app served (SDK route context, OTLP `user.id` / `enduser.id`). */
  userId: string | null;
  status: TraceStatus;
  startTime: Date;
  endTime: Date;
  latencyMs: number;
  cost: number;
  /** `computed` when any span's cost was computed by Crucible; null when nothing had a cost. */
  costSource: CostSource | null;
  tokens: TokenCounts;
  model: string | null;
  inputs: unknown;
  output: unknown;
  error: { message: string; stacktrace?: string } | null;
  spanCount: number;
}

export interface TraceWithSpans {
  trace: StoredTrace;
  spans: StoredSpan[];
}

/** Characters of a list item's inputs and output (their JSON text): a list page stays small whatever the traces hold. */
export const TRACE_PREVIEW_LENGTH = 500;

/** The start of a value's JSON text, and whether there was more. */
export interface TextPreview {
  text: string;
  truncated: boolean;
}

/** A trace as lists show it: previews of inputs and output; the trace itself carries them whole. */
export interface TraceListItem extends Omit<StoredTrace, 'inputs' | 'output'> {
  inputsPreview: TextPreview | null;
  outputPreview: TextPreview | null;
}

export type MetricsInterval = 'minute' | 'hour' | 'day';

export interface TraceFilter {
  appId?: string;
  environment?: string;
  variantId?: string;
  sessionId?: string;
  userId?: string;
  status?: TraceStatus;
  from?: Date;
  to?: Date;
  /** Case-insensitive text search in inputs and output. */
  search?: string;
  /** Traces with a score of this name (ARCHITECTURE §18), its value within `scoreMin`–`scoreMax` when given. */
  scoreName?: string;
  scoreMin?: number;
  scoreMax?: number;
}

export interface TraceMetricsBucket {
  bucket: Date;
  count: number;
  errors: number;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  tokens: TokenCounts;
  cost: number;
  /** The mean value of each score name over the bucket's traces (scores without a value, text, left out). */
  scores: Record<string, number>;
}

export const TRACE_SEARCH_MAX_LENGTH = 200;

/** A conversation: the traces that share a session id, with their totals. */
export interface TraceSession {
  sessionId: string;
  traces: number;
  firstAt: Date;
  lastAt: Date;
  tokens: TokenCounts;
  cost: number;
}

/** Which sessions `GET /sessions` lists. */
export interface TraceSessionFilter {
  appId?: string;
  environment?: string;
  userId?: string;
}

/**
 * Totals of a trace known only by its spans (OTLP): each span reports its own call, so they add up; the
 * root span (no parent among them) names the trace and decides its status, else any span that errored.
 */
export function summarizeSpans(spans: StoredSpan[]): Pick<StoredTrace, 'name' | 'status' | 'startTime' | 'endTime' | 'latencyMs' | 'cost' | 'costSource' | 'tokens' | 'model' | 'error' | 'inputs' | 'output'> {
  const ids = new Set(spans.map((span) => span.spanId));
  const root = spans.find((span) => !span.parentSpanId || !ids.has(span.parentSpanId)) ?? spans[0]!;
  const startTime = new Date(Math.min(...spans.map((span) => span.startTime.getTime())));
  const endTime = new Date(Math.max(...spans.map((span) => span.endTime.getTime())));
  const tokens = { prompt: 0, completion: 0, total: 0 };
  let cost = 0;
  for (const span of spans) {
    tokens.prompt += span.tokens?.prompt ?? 0;
    tokens.completion += span.tokens?.completion ?? 0;
    tokens.total += span.tokens?.total ?? 0;
    cost += span.cost ?? 0;
  }
  const failed = root.status === 'error' ? root : spans.find((span) => span.status === 'error');
  return {
    name: root.name,
    status: failed ? 'error' : 'ok',
    startTime,
    endTime,
    latencyMs: endTime.getTime() - startTime.getTime(),
    cost,
    costSource: costSourceOf(spans),
    tokens,
    model: spans.find((span) => span.model)?.model ?? null,
    error: failed?.error ?? null,
    inputs: root.inputs ?? null,
    output: root.outputs ?? null,
  };
}

/** A trace's cost source from its spans': computed when any span's was, reported when any other span had a cost. */
export function costSourceOf(spans: Array<Pick<StoredSpan, 'costSource'>>): CostSource | null {
  if (spans.some((span) => span.costSource === 'computed')) return 'computed';
  return spans.some((span) => span.costSource === 'reported') ? 'reported' : null;
}
