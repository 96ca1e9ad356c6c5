/**
 * `/traces/metrics` from the sums of sealed hours (migration 1795897800000) and the traces of the hours not summed.
 * Hours are UTC: `date_trunc('hour', start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`, `HOUR_OF`.
 */
const HOUR_OF = (column: string): string => `date_trunc('hour', ${column} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

const RAW_COLUMNS = 'start_time, status, latency_ms, prompt_tokens, completion_tokens, total_tokens, cost';

/** What a bucket adds up, of traces (`t`) or of summed groups alike. */
const SUMS_OF_TRACES = `count(*) AS count, count(*) FILTER (WHERE t.status = 'error') AS errors,
  sum(t.prompt_tokens) AS prompt_tokens, sum(t.completion_tokens) AS completion_tokens, sum(t.total_tokens) AS total_tokens,
  sum(t.cost) AS cost, array_agg(t.latency_ms ORDER BY t.latency_ms) AS latencies`;

/**
 * Claims for summing the newest `$4` sealed hours of `$2` ≤ hour < `$3` of project `$1` that have no valid sums, and
 * clears their old ones. An hour is claimed at the version this statement's snapshot saw (0: no row yet, a version no
 * writer makes): a trace written since has bumped it, so the claim fails and the hour stays unsummed (a later read sums
 * it). A second reader claiming the same hour waits on the first's claim and then finds it summed. Returns the hours.
 */
export const CLAIM_SEALED_HOURS = `
  WITH wanted AS (
    SELECT h.hour, coalesce(m.version, 0) AS version
      FROM generate_series($2::timestamptz, $3::timestamptz - interval '1 hour', interval '1 hour') AS h(hour)
      LEFT JOIN trace_metric_hours m ON m.project_id = $1 AND m.hour = h.hour
     WHERE h.hour + interval '1 hour' <= now() - interval '3 hours' AND (m.hour IS NULL OR m.summed_version IS DISTINCT FROM m.version)
     ORDER BY h.hour DESC LIMIT $4
  ), claimed AS (
    INSERT INTO trace_metric_hours AS m (project_id, hour, version, summed_version)
    SELECT $1, hour, version, version FROM wanted
    ON CONFLICT (project_id, hour) DO UPDATE SET summed_version = excluded.summed_version
      WHERE m.version = excluded.version AND m.summed_version IS DISTINCT FROM excluded.version
    RETURNING hour
  ), cleared AS (
    DELETE FROM trace_metric_hour_groups g USING claimed c WHERE g.project_id = $1 AND g.hour = c.hour
  )
  SELECT hour FROM claimed`;

/**
 * The sums of the claimed hours `$4` (all within `$2`–`$3`) of project `$1`, per app and environment, in the claim's
 * transaction: a later snapshot than the claim's, which holds every trace the claim's did (one it adds has bumped the
 * version, so these sums are not used). The bounds let the planner read the covering app-and-environment index.
 */
export const SUM_CLAIMED_HOURS = `
  INSERT INTO trace_metric_hour_groups (project_id, hour, app_id, environment, count, errors, prompt_tokens, completion_tokens,
    total_tokens, cost, latencies)
  SELECT $1, ${HOUR_OF('t.start_time')}, t.app_id, t.environment, ${SUMS_OF_TRACES}
    FROM traces t
   WHERE t.project_id = $1 AND t.start_time >= $2::timestamptz AND t.start_time < $3::timestamptz
     AND ${HOUR_OF('t.start_time')} = ANY($4::timestamptz[])
   GROUP BY 2, 3, 4`;

/** percentile_cont's value (same arithmetic: `lo + proportion * (hi - lo)`) of the sorted array `a`, not empty. */
const sortedPercentile = (a: string, p: number): string => {
  const position = `(${p}::float8 * (cardinality(${a}) - 1))`;
  const lo = `${a}[floor(${position})::int + 1]`;
  return `${lo} + ((${position} - floor(${position})) * (${a}[ceil(${position})::int + 1] - ${lo}))`;
};

/**
 * Buckets of `$interval` (hour or day) of the filter `where` (`app_id`/`environment` at most, and the range `$from`–`$to`):
 * the groups of hours summed at their current version within `$summedFrom`–`$summedTo` (whole hours inside the range),
 * and the traces of every other hour. `groupWhere` is `where`'s app and environment clauses on the groups.
 */
export function metricsFromHoursSql(where: string, groupWhere: string, n: { interval: number; summedFrom: number; summedTo: number }): string {
  const summedFrom = `$${n.summedFrom}::timestamptz`;
  const summedTo = `$${n.summedTo}::timestamptz`;
  const bucket = `date_trunc($${n.interval}, hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  return `
  WITH summed AS (
    SELECT hour FROM trace_metric_hours
     WHERE project_id = $1 AND hour >= ${summedFrom} AND hour < ${summedTo} AND summed_version = version
  ), unsummed AS (
    SELECT h.hour FROM generate_series(${summedFrom}, ${summedTo} - interval '1 hour', interval '1 hour') AS h(hour)
     WHERE h.hour NOT IN (SELECT hour FROM summed)
  ), raw AS (
    SELECT ${RAW_COLUMNS} FROM traces WHERE ${where} AND start_time < ${summedFrom}
    UNION ALL
    SELECT ${RAW_COLUMNS} FROM traces WHERE ${where} AND start_time >= ${summedTo}
    UNION ALL
    SELECT r.* FROM unsummed u CROSS JOIN LATERAL (
      SELECT ${RAW_COLUMNS} FROM traces WHERE ${where} AND start_time >= u.hour AND start_time < u.hour + interval '1 hour'
    ) r
  ), parts AS (
    SELECT g.hour, g.count, g.errors, g.prompt_tokens, g.completion_tokens, g.total_tokens, g.cost, g.latencies
      FROM trace_metric_hour_groups g JOIN summed s ON s.hour = g.hour WHERE ${groupWhere}
    UNION ALL
    SELECT ${HOUR_OF('t.start_time')} AS hour, ${SUMS_OF_TRACES} FROM raw t GROUP BY 1
  ), bucketed AS (
    SELECT ${bucket} AS bucket, count(*) OVER (PARTITION BY ${bucket}) AS parts, parts.* FROM parts
  ), merged AS (
    SELECT b.bucket, percentile_cont(0.5) WITHIN GROUP (ORDER BY l) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY l) AS p95
      FROM bucketed b CROSS JOIN LATERAL unnest(b.latencies) AS l WHERE b.parts > 1 GROUP BY b.bucket
  )
  SELECT b.bucket, sum(b.count) AS count, sum(b.errors) AS errors,
    coalesce(min(m.p50), min(${sortedPercentile('b.latencies', 0.5)})) AS p50,
    coalesce(min(m.p95), min(${sortedPercentile('b.latencies', 0.95)})) AS p95,
    sum(b.prompt_tokens) AS prompt_tokens, sum(b.completion_tokens) AS completion_tokens, sum(b.total_tokens) AS total_tokens,
    sum(b.cost) AS cost
    FROM bucketed b LEFT JOIN merged m ON m.bucket = b.bucket
   GROUP BY b.bucket ORDER BY b.bucket`;
}
