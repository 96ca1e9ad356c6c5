import { type StoredSpan, type StoredTrace, TRACE_PREVIEW_LENGTH, type TraceWithSpans } from '@crucible/domain';
import { SPAN_RECORD_COLUMNS, TRACE_RECORD_COLUMNS, spanToRow, traceToRow } from '../mappers/trace.mapper';

/** A trace's columns but its inputs and output, which lists read only the start of. */
export const TRACE_SUMMARY_COLUMNS = `trace_id, source, name, app_id, variant_id, variant_revision_id, environment, route, session_id, user_id, status,
  start_time, end_time, latency_ms, cost, cost_source, prompt_tokens, completion_tokens, total_tokens, model, error, span_count`;
export const TRACE_COLUMNS = `${TRACE_SUMMARY_COLUMNS}, inputs, output`;
/** What the trace list reads in place of inputs and output: their start (migration 1765000000300), written with them. */
export const PREVIEW_COLUMNS = 'inputs_preview, inputs_truncated, output_preview, output_truncated';
const PREVIEW_VALUES = ['inputs', 'output']
  .map((column) => `left(${column}::text, ${TRACE_PREVIEW_LENGTH}), coalesce(length(${column}::text) > ${TRACE_PREVIEW_LENGTH}, false)`)
  .join(', ');
/** A span's columns besides its project and trace, in `SPAN_RECORD_COLUMNS`' order. */
export const SPAN_COLUMNS = `span_id, parent_span_id, name, kind, status, start_time, end_time, latency_ms, inputs, outputs, error,
  model, prompt_tokens, completion_tokens, total_tokens, cost, attributes, cost_source`;

/** The UTC day a time falls in: a trace's `start_day` (migration 1795897231670). */
const utcDay = (time: string): string => `(${time} AT TIME ZONE 'UTC')::date`;

/**
 * Data-modifying CTEs ending in `saved_traces` (trace_id, source, inserted) that store traces idempotently, for a
 * statement that may write more besides: one statement is one round trip and one commit. A trace id's one row in a
 * project is its key (`trace_keys`), upserted first: a new key stores the trace in the partition of its `start_day`,
 * the day it started as first stored, which never changes (migration 1795897231670); a key seen again fills in only
 * what its trace lacked. A trace's row holds the spans of its first write, as the `inline_spans` array (migration
 * 1764900000000): an evaluation's traces come whole, once (a resumed write, or the SDK exporting the same call, brings
 * the same spans again), so this is all their write needs; spans that come later are `LATER_SPANS_INSERT`'s.
 * `$project` and `$traces` are the parameter numbers of the project id and of `traceInsertParameter`'s value.
 */
export function traceInsertCte(project: number, traces: number): string {
  return `incoming_traces AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset($${traces}::jsonb) AS r(${TRACE_RECORD_COLUMNS}, spans jsonb)
    ), trace_keys_saved AS (
      INSERT INTO trace_keys (project_id, trace_id, start_day)
      SELECT $${project}::uuid, trace_id, ${utcDay('start_time')} FROM incoming_traces
      ON CONFLICT (project_id, trace_id) DO UPDATE SET start_day = trace_keys.start_day
      RETURNING trace_id, start_day, (xmax = 0) AS inserted
    ), traces_added AS (
      INSERT INTO traces (project_id, start_day, ${TRACE_COLUMNS}, inline_spans, ${PREVIEW_COLUMNS})
      SELECT $${project}::uuid, k.start_day, ${TRACE_COLUMNS.replace(/(\w+)/g, 'r.$1')}, r.spans, ${PREVIEW_VALUES}
        FROM incoming_traces r JOIN trace_keys_saved k ON k.trace_id = r.trace_id AND k.inserted
      RETURNING trace_id, source
    ), traces_filled AS (
      UPDATE traces SET
        app_id = coalesce(traces.app_id, r.app_id),
        variant_id = coalesce(traces.variant_id, r.variant_id),
        variant_revision_id = coalesce(traces.variant_revision_id, r.variant_revision_id),
        environment = coalesce(traces.environment, r.environment),
        route = coalesce(traces.route, r.route),
        session_id = coalesce(traces.session_id, r.session_id),
        user_id = coalesce(traces.user_id, r.user_id)
      FROM incoming_traces r JOIN trace_keys_saved k ON k.trace_id = r.trace_id AND NOT k.inserted
      WHERE traces.project_id = $${project} AND traces.trace_id = k.trace_id AND traces.start_day = k.start_day
      RETURNING traces.trace_id, traces.source
    ), saved_traces AS (
      -- A trace another statement stored at this moment is not in this one's snapshot: it keeps the source it came with.
      SELECT k.trace_id, coalesce(a.source, f.source, r.source) AS source, k.inserted
        FROM trace_keys_saved k JOIN incoming_traces r USING (trace_id)
        LEFT JOIN traces_added a USING (trace_id) LEFT JOIN traces_filled f USING (trace_id)
    )`;
}

/**
 * Stores the spans that traces stored before (`$2`, their ids) do not hold yet, as rows of `spans` (OTLP spreads a
 * trace over several batches); `$3` is `traceInsertParameter`'s value for those traces, `$4` the spans a trace keeps
 * at most: those past it, in the batch's order, are not stored and are counted in `rejected`. Run after
 * `traceInsertCte` found them there, so its snapshot sees their rows, inline spans included. A span id is kept in one
 * place: in its trace's row or in `spans`. `spans` holds no foreign key (migration 1764700000000): this is its only
 * writer, and it stores a span only with a trace it holds locked (`FOR KEY SHARE`) until it commits, so that a trace
 * deleted meanwhile takes them (its trigger's statement comes after). Two batches growing one trace at the same
 * moment each see the other's spans only once committed, so together they may pass the cap by one batch. Span ids
 * are never null: the hashed `NOT IN` stays linear, where an anti-join on the trace id would compare every pair of a
 * trace's spans.
 */
export const LATER_SPANS_INSERT = `
  WITH grown AS (
    SELECT trace_id, start_day, inline_spans FROM traces WHERE project_id = $1 AND trace_id = ANY($2::text[]) FOR KEY SHARE
  ), room AS (
    SELECT g.trace_id, $4::int - jsonb_array_length(g.inline_spans)
      - (SELECT count(*) FROM spans x WHERE x.project_id = $1 AND x.trace_id = g.trace_id)::int AS room
      FROM grown g
  ), offered AS (
    SELECT r.trace_id, s.*, row_number() OVER (PARTITION BY r.trace_id ORDER BY o.position) AS position
      FROM jsonb_to_recordset($3::jsonb) AS r(trace_id text, spans jsonb)
      CROSS JOIN LATERAL jsonb_array_elements(r.spans) WITH ORDINALITY AS o(span, position)
      CROSS JOIN LATERAL jsonb_to_record(o.span) AS s(${SPAN_RECORD_COLUMNS})
     WHERE r.trace_id IN (SELECT trace_id FROM grown)
       AND (r.trace_id, s.span_id) NOT IN
         (SELECT g.trace_id, inline.span_id FROM grown g CROSS JOIN LATERAL jsonb_to_recordset(g.inline_spans) AS inline(span_id text))
       AND NOT EXISTS (SELECT 1 FROM spans x WHERE x.project_id = $1 AND x.trace_id = r.trace_id AND x.span_id = s.span_id)
  ), saved_spans AS (
    INSERT INTO spans (project_id, trace_id, start_day, ${SPAN_COLUMNS})
    SELECT $1::uuid, o.trace_id, g.start_day, ${SPAN_COLUMNS.replace(/(\w+)/g, 'o.$1')}
      FROM offered o JOIN room USING (trace_id) JOIN grown g USING (trace_id)
     WHERE o.position <= room.room
    ON CONFLICT (project_id, trace_id, span_id, start_day) DO NOTHING
    RETURNING 1
  )
  SELECT (SELECT count(*)::int FROM saved_spans) AS spans, (SELECT count(*)::int FROM offered) AS offered`;

/**
 * A batch as its statements store it: one item per trace id (ON CONFLICT DO UPDATE may touch a row only once per
 * statement; the last copy's fields win) holding every span of the batch that names that trace, each span id once
 * (the first copy wins). A span naming a trace the batch does not hold is not stored.
 */
export function mergeTraces(items: TraceWithSpans[]): TraceWithSpans[] {
  const traces = new Map<string, StoredTrace>(items.map(({ trace }) => [trace.traceId, trace]));
  const spans = new Map<string, Map<string, StoredSpan>>([...traces.keys()].map((traceId) => [traceId, new Map()]));
  for (const span of items.flatMap((item) => item.spans)) {
    const ofTrace = spans.get(span.traceId);
    if (ofTrace && !ofTrace.has(span.spanId)) ofTrace.set(span.spanId, span);
  }
  return [...traces.values()].map((trace) => ({ trace, spans: [...spans.get(trace.traceId)!.values()] }));
}

/** The `$traces` parameter of `traceInsertCte` and `LATER_SPANS_INSERT`, of traces merged by `mergeTraces`. */
export function traceInsertParameter(merged: TraceWithSpans[]): string {
  return JSON.stringify(merged.map(({ trace, spans }) => ({ ...traceToRow(trace), spans: spans.map(spanToRow) })));
}

/**
 * At most `maxSpans` spans per trace of a merged batch, in the batch's order (a trace's first write keeps them in its
 * row); how many were cut is counted.
 */
export function capSpans(merged: TraceWithSpans[], maxSpans: number): { capped: TraceWithSpans[]; cut: number } {
  let cut = 0;
  const capped = merged.map((item) => {
    if (item.spans.length <= maxSpans) return item;
    cut += item.spans.length - maxSpans;
    return { trace: { ...item.trace, spanCount: maxSpans }, spans: item.spans.slice(0, maxSpans) };
  });
  return { capped, cut };
}
