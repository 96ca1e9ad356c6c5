import type { StoredSpan, StoredTrace, TraceWithSpans } from '@crucible/domain';
import { SPAN_RECORD_COLUMNS, TRACE_RECORD_COLUMNS, spanToRow, traceToRow } from '../mappers/trace.mapper';

export const TRACE_COLUMNS = `trace_id, source, name, app_id, variant_id, variant_revision_id, environment, route, status,
  start_time, end_time, latency_ms, cost, prompt_tokens, completion_tokens, total_tokens, model, inputs, output, error, span_count`;
/** A span's columns besides its project and trace, in `SPAN_RECORD_COLUMNS`' order. */
export const SPAN_COLUMNS = `span_id, parent_span_id, name, kind, status, start_time, end_time, latency_ms, inputs, outputs, error,
  model, prompt_tokens, completion_tokens, total_tokens, cost, attributes`;

/**
 * Data-modifying CTEs, `saved_traces` (trace_id, source, inserted) and `saved_spans`, that store traces and their
 * spans idempotently, for a statement that may write more besides: one statement is one round trip and one commit.
 * A trace seen again keeps what it had and fills in only what it lacked.
 *
 * Where a span is kept (migration 1764900000000): the spans that come with a trace's first write are stored in the
 * trace's row, as the `inline_spans` array; that is every span of an evaluation's or the SDK's trace. Spans that come
 * later (OTLP spreads a trace over several batches) are rows of `spans`, less those already stored either way:
 * `saved_spans` reads the batch a second time only when a trace of it was there already (a hashed `NOT IN`: span ids
 * are never null, and it stays linear where an anti-join on the trace id would compare every pair of its spans). Two writers racing to store
 * the same new trace may leave a span in both places (the loser's snapshot does not see the winner's row); readers
 * take each span id once. `spans` holds no foreign key (migration 1764700000000): this is its only writer, and it
 * stores a span only with its trace, whose row stays locked until the statement commits.
 *
 * `$project` and `$traces` are the parameter numbers of the project id and of `traceInsertParameter`'s value.
 */
export function traceInsertCtes(project: number, traces: number): string {
  return `saved_traces AS (
      INSERT INTO traces (project_id, ${TRACE_COLUMNS}, inline_spans)
      SELECT $${project}::uuid, ${TRACE_COLUMNS}, spans
        FROM jsonb_to_recordset($${traces}::jsonb) AS r(${TRACE_RECORD_COLUMNS}, spans jsonb)
      ON CONFLICT (project_id, trace_id) DO UPDATE SET
        app_id = coalesce(traces.app_id, excluded.app_id),
        variant_id = coalesce(traces.variant_id, excluded.variant_id),
        variant_revision_id = coalesce(traces.variant_revision_id, excluded.variant_revision_id),
        environment = coalesce(traces.environment, excluded.environment),
        route = coalesce(traces.route, excluded.route)
      RETURNING trace_id, source, (xmax = 0) AS inserted
    ), grown_traces AS (
      SELECT trace_id FROM saved_traces WHERE NOT inserted
    ), inline_span_ids AS (
      SELECT t.trace_id, inline.span_id FROM traces t CROSS JOIN LATERAL jsonb_to_recordset(t.inline_spans) AS inline(span_id text)
       WHERE t.project_id = $${project}::uuid AND t.trace_id IN (SELECT trace_id FROM grown_traces)
    ), saved_spans AS (
      INSERT INTO spans (project_id, trace_id, ${SPAN_COLUMNS})
      SELECT $${project}::uuid, r.trace_id, ${SPAN_COLUMNS}
        FROM jsonb_to_recordset($${traces}::jsonb) AS r(trace_id text, spans jsonb)
        CROSS JOIN LATERAL jsonb_to_recordset(r.spans) AS s(${SPAN_RECORD_COLUMNS})
       WHERE EXISTS (SELECT FROM grown_traces) AND r.trace_id IN (SELECT trace_id FROM grown_traces)
         AND (r.trace_id, s.span_id) NOT IN (SELECT trace_id, span_id FROM inline_span_ids)
      ON CONFLICT (project_id, trace_id, span_id) DO NOTHING
      RETURNING 1
    )`;
}

/**
 * The `$traces` parameter of `traceInsertCtes`: one record per trace id (ON CONFLICT DO UPDATE may touch a row only
 * once per statement; the last copy's fields win) holding every span of the batch that names that trace, each span
 * id once (the first copy wins); a span naming a trace the batch does not hold is not stored. `spanCounts` tells how
 * many spans each trace id sent.
 */
export function traceInsertParameter(items: TraceWithSpans[]): { value: string; spanCounts: Map<string, number> } {
  const traces = new Map<string, StoredTrace>(items.map(({ trace }) => [trace.traceId, trace]));
  const spans = new Map<string, Map<string, StoredSpan>>([...traces.keys()].map((traceId) => [traceId, new Map()]));
  for (const span of items.flatMap((item) => item.spans)) {
    const ofTrace = spans.get(span.traceId);
    if (ofTrace && !ofTrace.has(span.spanId)) ofTrace.set(span.spanId, span);
  }
  const records = [...traces.values()].map((trace) => ({ ...traceToRow(trace), spans: [...spans.get(trace.traceId)!.values()].map(spanToRow) }));
  return { value: JSON.stringify(records), spanCounts: new Map([...spans].map(([traceId, ofTrace]) => [traceId, ofTrace.size])) };
}
