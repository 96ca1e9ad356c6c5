import { TRACE_PREVIEW_LENGTH, type TraceFilter } from '@crucible/domain';
import { SPAN_RECORD_COLUMNS } from '../mappers/trace.mapper';
import { PREVIEW_COLUMNS, SPAN_COLUMNS, TRACE_COLUMNS, TRACE_SUMMARY_COLUMNS, traceInsertCte } from './trace-insert.sql';

/** `$1` project, `$2` `traceInsertParameter`'s value: the traces stored, each with whether it is new. */
export const TRACE_BATCH_INSERT = `WITH ${traceInsertCte(1, 2)} SELECT coalesce((SELECT json_agg(saved_traces) FROM saved_traces), '[]') AS traces`;

/** Every span stored of the traces `$2` of project `$1`: in its trace's row or in `spans` (never both). */
export const STORED_SPANS = storedSpans();

/**
 * With `day`, the number of a parameter holding the traces' `start_day` (trace_keys): only that day's partitions are
 * planned and read, where without it every week's partition is.
 */
function storedSpans(day?: number): string {
  const onDay = (table: string) => (day === undefined ? '' : ` AND ${table}start_day = $${day}::date`);
  return `
  SELECT t.trace_id, s.* FROM traces t CROSS JOIN LATERAL jsonb_to_recordset(t.inline_spans) AS s(${SPAN_RECORD_COLUMNS})
   WHERE t.project_id = $1 AND t.trace_id = ANY($2::text[])${onDay('t.')}
  UNION ALL
  SELECT trace_id, ${SPAN_COLUMNS} FROM spans WHERE project_id = $1 AND trace_id = ANY($2::text[])${onDay('')}`;
}

/** A trace filter's clause: the trace has a score named `$name`, its value within the bounds given. */
export function scoreFilterClause(name: number, min: number | null, max: number | null): string {
  const bounds = [min === null ? '' : ` AND s.value >= $${min}`, max === null ? '' : ` AND s.value <= $${max}`].join('');
  return `EXISTS (SELECT 1 FROM scores s WHERE s.project_id = traces.project_id AND s.trace_id = traces.trace_id AND s.name = $${name}${bounds})`;
}

/** Each score name's mean per bucket of `traceMetricsSql`, over the traces its filter (`where`) keeps. */
export const scoreMeansSql = (where: string, interval: number): string =>
  `SELECT date_trunc($${interval}, t.start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS bucket, s.name, avg(s.value) AS mean
   FROM (SELECT project_id, trace_id, start_time FROM traces WHERE ${where}) t
   JOIN scores s ON s.project_id = t.project_id AND s.trace_id = t.trace_id
   WHERE s.value IS NOT NULL GROUP BY 1, 2`;

/**
 * `q`: the text in a trace's inputs or output. A value of at most TRACE_PREVIEW_LENGTH characters is its preview whole,
 * so the previews are searched, and the values themselves only where a preview was cut: on PostgreSQL with pg_trgm
 * the previews' trigram indexes and the index of cut traces find a rare word without reading every trace (migration
 * 1795887329757); values past the previews are not indexed, so a long one costs ingest no more than a short one.
 */
const searchClause = (n: number): string =>
  `(inputs_preview ILIKE $${n} OR output_preview ILIKE $${n}
    OR ((inputs_truncated OR output_truncated) AND (coalesce(inputs::text, '') ILIKE $${n} OR coalesce(output::text, '') ILIKE $${n})))`;

/**
 * `WHERE` clauses of a filter, parameters numbered after the ones already taken: `where` all of them, `base` all but
 * the text search, `search` that one (or null).
 */
export function filterClauses(projectId: string, filter: TraceFilter): { where: string; base: string; search: string | null; params: unknown[] } {
  const params: unknown[] = [projectId];
  const clauses = ['project_id = $1'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length));
  };
  if (filter.appId) add((n) => `app_id = $${n}`, filter.appId);
  if (filter.environment) add((n) => `environment = $${n}`, filter.environment);
  if (filter.variantId) add((n) => `variant_id = $${n}`, filter.variantId);
  if (filter.sessionId) add((n) => `session_id = $${n}`, filter.sessionId);
  if (filter.userId) add((n) => `user_id = $${n}`, filter.userId);
  if (filter.status) add((n) => `status = $${n}`, filter.status);
  if (filter.from) add((n) => `start_time >= $${n}`, filter.from.toISOString());
  if (filter.to) add((n) => `start_time < $${n}`, filter.to.toISOString());
  if (filter.scoreName) {
    const bound = (value: number | undefined) => (value === undefined ? null : params.push(value));
    const name = params.push(filter.scoreName);
    clauses.push(scoreFilterClause(name, bound(filter.scoreMin), bound(filter.scoreMax)));
  }
  const base = clauses.join(' AND ');
  if (!filter.search) return { where: base, base, search: null, params };
  const search = searchClause(params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return { where: `${base} AND ${search}`, base, search, params };
}

/**
 * An OTLP trace whose spans came over several batches (`$2`, of project `$1`): its totals are those of every span stored,
 * and its inputs and output its root's once the root has come (exporters send a span when it ends, the root last).
 */
export const RECOMPUTE_OTLP_TOTALS = `UPDATE traces t SET
     start_time = s.start_time, end_time = s.end_time,
     inputs = coalesce(s.root_inputs, t.inputs), output = coalesce(s.root_output, t.output),
     inputs_preview = CASE WHEN s.root_inputs IS NULL THEN t.inputs_preview ELSE left(s.root_inputs::text, ${TRACE_PREVIEW_LENGTH}) END,
     inputs_truncated = CASE WHEN s.root_inputs IS NULL THEN t.inputs_truncated ELSE length(s.root_inputs::text) > ${TRACE_PREVIEW_LENGTH} END,
     output_preview = CASE WHEN s.root_output IS NULL THEN t.output_preview ELSE left(s.root_output::text, ${TRACE_PREVIEW_LENGTH}) END,
     output_truncated = CASE WHEN s.root_output IS NULL THEN t.output_truncated ELSE length(s.root_output::text) > ${TRACE_PREVIEW_LENGTH} END,
     latency_ms = extract(epoch FROM s.end_time - s.start_time) * 1000,
     cost = s.cost, cost_source = s.cost_source, prompt_tokens = s.prompt_tokens, completion_tokens = s.completion_tokens,
     total_tokens = s.total_tokens, span_count = s.span_count, name = coalesce(s.root_name, t.name),
     status = CASE WHEN s.errors > 0 THEN 'error' ELSE 'ok' END, model = coalesce(t.model, s.model)
   FROM (
     SELECT trace_id, min(start_time) AS start_time, max(end_time) AS end_time, coalesce(sum(cost), 0) AS cost,
       CASE WHEN bool_or(cost_source = 'computed') THEN 'computed' WHEN bool_or(cost_source = 'reported') THEN 'reported' END AS cost_source,
       coalesce(sum(prompt_tokens), 0) AS prompt_tokens, coalesce(sum(completion_tokens), 0) AS completion_tokens,
       coalesce(sum(total_tokens), 0) AS total_tokens, count(*) AS span_count,
       count(*) FILTER (WHERE status = 'error') AS errors, min(model) AS model,
       min(name) FILTER (WHERE parent_span_id IS NULL) AS root_name,
       (array_agg(inputs) FILTER (WHERE parent_span_id IS NULL AND inputs IS NOT NULL AND inputs <> 'null'::jsonb))[1] AS root_inputs,
       (array_agg(outputs) FILTER (WHERE parent_span_id IS NULL AND outputs IS NOT NULL AND outputs <> 'null'::jsonb))[1] AS root_output
     FROM (${STORED_SPANS}) stored GROUP BY trace_id
   ) s
   WHERE t.project_id = $1 AND t.trace_id = s.trace_id`;

/** The trace list's page: `where` and its parameters from `filterClauses`, then the keyset and the limit's numbers. */
export const traceListSql = (where: string, keyset: string, limit: number): string =>
  `SELECT project_id, ${TRACE_SUMMARY_COLUMNS}, ${PREVIEW_COLUMNS} FROM traces WHERE ${where}${keyset}
   ORDER BY start_time DESC, trace_id DESC LIMIT $${limit}`;

/**
 * The same page of a text search among the newest `$head` traces of the rest of the filter (`base`): a word found in
 * many traces fills the page there, read in the page's order from an index, where the trigram indexes would fetch
 * every trace of the project that holds it.
 */
export const traceSearchHeadSql = (base: string, search: string, keyset: string, head: number, limit: number): string =>
  `SELECT project_id, ${TRACE_SUMMARY_COLUMNS}, ${PREVIEW_COLUMNS}
     FROM (SELECT * FROM traces WHERE ${base}${keyset} ORDER BY start_time DESC, trace_id DESC LIMIT $${head}) traces
    WHERE ${search} ORDER BY start_time DESC, trace_id DESC LIMIT $${limit}`;

/** `$1` project, `$2` trace. */
/** `$1` project, `$2` trace id: the day whose partitions hold the trace (as text: a date would be read in local time). */
export const TRACE_DAY = 'SELECT start_day::text AS start_day FROM trace_keys WHERE project_id = $1 AND trace_id = $2';

/** `$1` project, `$2` trace id, `$3` its day (TRACE_DAY). */
export const TRACE_BY_ID = `SELECT project_id, ${TRACE_COLUMNS} FROM traces WHERE project_id = $1 AND trace_id = $2 AND start_day = $3::date`;

/** `$1` project, `$2` trace ids: the traces found. */
export const TRACES_BY_IDS = `SELECT project_id, ${TRACE_COLUMNS} FROM traces WHERE project_id = $1 AND trace_id = ANY($2::text[])`;

/** `STORED_SPANS` of the traces `$2`, at most `$3` per trace, each trace's in start order. */
export const FIRST_SPANS_OF_TRACES = `
  SELECT * FROM (
    SELECT stored.*, row_number() OVER (PARTITION BY stored.trace_id ORDER BY stored.start_time, stored.span_id) AS span_rank FROM (${STORED_SPANS}) stored
  ) ranked WHERE span_rank <= $3 ORDER BY trace_id, start_time, span_id`;

/** A page of a trace's spans, `STORED_SPANS` with `$1` project and `$2` the trace's id alone. */
export const traceSpansPageSql = (keyset: string, limit: number): string =>
  `SELECT * FROM (${storedSpans(3)}) stored${keyset} ORDER BY start_time, span_id LIMIT $${limit}`;

/** Buckets of `$interval` in UTC whatever the server's time zone. */
export const traceMetricsSql = (where: string, interval: number): string =>
  `SELECT date_trunc($${interval}, start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS bucket,
     count(*) AS count, count(*) FILTER (WHERE status = 'error') AS errors,
     percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
     percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95,
     sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
     sum(total_tokens) AS total_tokens, sum(cost) AS cost
   FROM traces WHERE ${where} GROUP BY 1 ORDER BY 1`;

