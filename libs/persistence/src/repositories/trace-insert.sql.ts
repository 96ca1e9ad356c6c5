import type { TraceWithSpans } from '@crucible/domain';
import { SPAN_RECORD_COLUMNS, TRACE_RECORD_COLUMNS, spanToRow, traceToRow } from '../mappers/trace.mapper';

export const TRACE_COLUMNS = `trace_id, source, name, app_id, variant_id, variant_revision_id, environment, route, status,
  start_time, end_time, latency_ms, cost, prompt_tokens, completion_tokens, total_tokens, model, inputs, output, error, span_count`;
export const SPAN_COLUMNS = `trace_id, span_id, parent_span_id, name, kind, status, start_time, end_time, latency_ms, inputs,
  outputs, error, model, prompt_tokens, completion_tokens, total_tokens, cost, attributes`;

/**
 * Two data-modifying CTEs, `saved_traces` (trace_id, source, inserted) and `saved_spans`, that store traces and
 * their spans idempotently, for a statement that may write more besides: one statement is one round trip and one
 * commit. A trace seen again keeps what it had and fills in only what it lacked; a span seen again is ignored. This
 * is the only writer of spans, and it stores a span only with its trace (one this statement saved, and holds locked
 * until it commits): spans have no foreign key (migration 1764700000000). `$project`, `$traces` and `$spans` are the
 * parameter numbers of the project id and of `traceInsertParameters`' two values.
 */
export function traceInsertCtes(project: number, traces: number, spans: number): string {
  return `saved_traces AS (
      INSERT INTO traces (project_id, ${TRACE_COLUMNS})
      SELECT $${project}::uuid, ${TRACE_COLUMNS} FROM jsonb_to_recordset($${traces}::jsonb) AS r(${TRACE_RECORD_COLUMNS})
      ON CONFLICT (project_id, trace_id) DO UPDATE SET
        app_id = coalesce(traces.app_id, excluded.app_id),
        variant_id = coalesce(traces.variant_id, excluded.variant_id),
        variant_revision_id = coalesce(traces.variant_revision_id, excluded.variant_revision_id),
        environment = coalesce(traces.environment, excluded.environment),
        route = coalesce(traces.route, excluded.route)
      RETURNING trace_id, source, (xmax = 0) AS inserted
    ), saved_spans AS (
      INSERT INTO spans (project_id, ${SPAN_COLUMNS})
      SELECT $${project}::uuid, ${SPAN_COLUMNS} FROM jsonb_to_recordset($${spans}::jsonb) AS r(${SPAN_RECORD_COLUMNS})
      WHERE r.trace_id IN (SELECT saved_traces.trace_id FROM saved_traces)
      ON CONFLICT (project_id, trace_id, span_id) DO NOTHING
      RETURNING 1
    )`;
}

/** The traces and spans parameters of `traceInsertCtes`, one JSON value each. */
export function traceInsertParameters(items: TraceWithSpans[]): [string, string] {
  // One row per trace id: ON CONFLICT DO UPDATE may touch a row only once per statement.
  const unique = [...new Map(items.map((item) => [item.trace.traceId, item])).values()];
  return [JSON.stringify(unique.map((item) => traceToRow(item.trace))), JSON.stringify(items.flatMap((item) => item.spans.map(spanToRow)))];
}
