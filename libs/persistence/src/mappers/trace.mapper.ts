import type { CostSource, StoredSpan, StoredTrace, TextPreview, TraceListItem, TraceMetricsBucket, TraceSession } from '@crucible/domain';

/** Column values of `traces` as `jsonb_to_recordset` reads them (one JSON parameter per batch). */
export function traceToRow(trace: StoredTrace) {
  return {
    trace_id: trace.traceId, source: trace.source, name: trace.name, app_id: trace.appId, variant_id: trace.variantId,
    variant_revision_id: trace.variantRevisionId, environment: trace.environment, route: trace.route, session_id: trace.sessionId,
    user_id: trace.userId, status: trace.status,
    start_time: trace.startTime.toISOString(), end_time: trace.endTime.toISOString(), latency_ms: trace.latencyMs,
    cost: trace.cost, cost_source: trace.costSource, prompt_tokens: trace.tokens.prompt, completion_tokens: trace.tokens.completion,
    total_tokens: trace.tokens.total, model: trace.model, inputs: trace.inputs ?? null, output: trace.output ?? null,
    error: trace.error, span_count: trace.spanCount,
  };
}

/** A span as its trace stores it: an element of `traces.inline_spans`, or a row of `spans` less its ids of trace and project. */
export function spanToRow(span: StoredSpan) {
  return {
    span_id: span.spanId, parent_span_id: span.parentSpanId, name: span.name, kind: span.kind,
    status: span.status, start_time: span.startTime.toISOString(), end_time: span.endTime.toISOString(),
    latency_ms: span.latencyMs, inputs: span.inputs ?? null, outputs: span.outputs ?? null, error: span.error,
    model: span.model, prompt_tokens: span.tokens?.prompt ?? null, completion_tokens: span.tokens?.completion ?? null,
    total_tokens: span.tokens?.total ?? null, cost: span.cost, cost_source: span.costSource, attributes: span.attributes,
  };
}

/** The record definitions matching traceToRow / spanToRow, for `jsonb_to_recordset(…) AS r(…)`. */
export const TRACE_RECORD_COLUMNS = `trace_id text, source text, name text, app_id text, variant_id text,
  variant_revision_id text, environment text, route text, session_id text, user_id text, status text, start_time timestamptz, end_time timestamptz,
  latency_ms float8, cost float8, cost_source text, prompt_tokens bigint, completion_tokens bigint, total_tokens bigint, model text,
  inputs jsonb, output jsonb, error jsonb, span_count int`;
export const SPAN_RECORD_COLUMNS = `span_id text, parent_span_id text, name text, kind text, status text,
  start_time timestamptz, end_time timestamptz, latency_ms float8, inputs jsonb, outputs jsonb, error jsonb, model text,
  prompt_tokens bigint, completion_tokens bigint, total_tokens bigint, cost float8, attributes jsonb, cost_source text`;

type Row = Record<string, unknown>;
// \`new Date(date)\` copies the time exactly, whichever realm made the Date (PGlite's answers come from a worker).
const date = (value: unknown): Date => new Date(value as string | number | Date);
const number = (value: unknown): number => Number(value ?? 0);
/** jsonb columns arrive parsed by both drivers. */
const json = <T>(value: unknown): T => value as T;

/** Rows written before migration 1765000003000 have none. */
const costSourceOf = (row: Row): CostSource | null => (row['cost_source'] === 'reported' || row['cost_source'] === 'computed' ? row['cost_source'] : null);

export function traceFromRow(row: Row): StoredTrace {
  return {
    traceId: String(row['trace_id']), projectId: String(row['project_id']), source: row['source'] as StoredTrace['source'],
    name: String(row['name']), appId: (row['app_id'] as string | null) ?? null, variantId: (row['variant_id'] as string | null) ?? null,
    variantRevisionId: (row['variant_revision_id'] as string | null) ?? null, environment: (row['environment'] as string | null) ?? null,
    route: (row['route'] as string | null) ?? null, sessionId: (row['session_id'] as string | null) ?? null,
    userId: (row['user_id'] as string | null) ?? null, status: row['status'] as StoredTrace['status'],
    startTime: date(row['start_time']), endTime: date(row['end_time']), latencyMs: number(row['latency_ms']),
    cost: number(row['cost']), costSource: costSourceOf(row),
    tokens: { prompt: number(row['prompt_tokens']), completion: number(row['completion_tokens']), total: number(row['total_tokens']) },
    model: (row['model'] as string | null) ?? null, inputs: json(row['inputs']), output: json(row['output']),
    error: json<StoredTrace['error']>(row['error']) ?? null, spanCount: number(row['span_count']),
  };
}

const previewOf = (row: Row, column: 'inputs' | 'output'): TextPreview | null => {
  const text = row[`${column}_preview`];
  return typeof text === 'string' ? { text, truncated: row[`${column}_truncated`] === true } : null;
};

/** A row of the trace list: previews in place of inputs and output. */
export function traceListItemFromRow(row: Row): TraceListItem {
  const { inputs: _inputs, output: _output, ...summary } = traceFromRow(row);
  return { ...summary, inputsPreview: previewOf(row, 'inputs'), outputPreview: previewOf(row, 'output') };
}

export function spanFromRow(traceId: string, row: Row): StoredSpan {
  const hasTokens = row['total_tokens'] !== null && row['total_tokens'] !== undefined;
  return {
    traceId, spanId: String(row['span_id']), parentSpanId: (row['parent_span_id'] as string | null) ?? null,
    name: String(row['name']), kind: String(row['kind']), status: row['status'] as StoredSpan['status'],
    startTime: date(row['start_time']), endTime: date(row['end_time']), latencyMs: number(row['latency_ms']),
    inputs: json(row['inputs']), outputs: json(row['outputs']), error: json<StoredSpan['error']>(row['error']) ?? null,
    model: (row['model'] as string | null) ?? null,
    tokens: hasTokens
      ? { prompt: number(row['prompt_tokens']), completion: number(row['completion_tokens']), total: number(row['total_tokens']) }
      : null,
    cost: row['cost'] === null || row['cost'] === undefined ? null : number(row['cost']),
    costSource: costSourceOf(row),
    attributes: json<Record<string, unknown> | null>(row['attributes']) ?? null,
  };
}

export function metricsBucketFromRow(row: Row): TraceMetricsBucket {
  const percentile = (value: unknown) => (value === null || value === undefined ? null : number(value));
  return {
    bucket: date(row['bucket']), count: number(row['count']), errors: number(row['errors']),
    p50LatencyMs: percentile(row['p50']), p95LatencyMs: percentile(row['p95']),
    tokens: { prompt: number(row['prompt_tokens']), completion: number(row['completion_tokens']), total: number(row['total_tokens']) },
    cost: number(row['cost']),
    scores: {},
  };
}

/** A row of `traceSessionsSql`. */
export function traceSessionFromRow(row: Row): TraceSession {
  return {
    sessionId: String(row['session_id']), traces: number(row['traces']), firstAt: date(row['first_at']), lastAt: date(row['last_at']),
    tokens: { prompt: number(row['prompt_tokens']), completion: number(row['completion_tokens']), total: number(row['total_tokens']) },
    cost: number(row['cost']),
  };
}
