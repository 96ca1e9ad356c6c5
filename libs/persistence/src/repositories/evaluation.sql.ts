import { traceInsertCte } from './trace-insert.sql';

/**
 * One row holding a page's ids and stamps, not a row per evaluation: on PGlite, decoding rows and formatting
 * timestamps cost more than the query. A stamp is `updated_at` in microseconds, exact.
 */
export function evaluationPageKeysSql(where: string, limit: string): string {
  const order = 'ORDER BY created_at, variant_name, id';
  return `SELECT string_agg(id::text || ' ' || (date_part('epoch', updated_at) * 1000000)::bigint::text, ',' ${order}) AS keys
    FROM (SELECT id, updated_at, created_at, variant_name FROM evaluations WHERE ${where} ${order} ${limit}) AS page`;
}

/** Keys of a page's last row (`$1`); PostgreSQL's own text for the timestamp keeps its microseconds. */
export const EVALUATION_CURSOR_KEYS = 'SELECT created_at::text AS created_at, variant_name FROM evaluations WHERE id = $1';

/**
 * One statement (one round trip, one commit): the rows' traces, the rows, and what the rows inserted add to the
 * progress. A row's trace is there once the row is. `$1` evaluation, `$2` project, `$3` the rows as a JSON array,
 * `$4` their traces (`traceInsertParameter`).
 */
export const SCENARIO_BATCH_INSERT = `WITH ${traceInsertCte(2, 4)}, batch AS (
    SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(id uuid, row_index int, repetition int, inputs jsonb, output jsonb,
      correct_answer jsonb, results jsonb, latency float8, cost float8, error jsonb, trace_id text, created_at timestamptz,
      "failedRows" int, "evaluatorErrors" int)
  ), inserted AS (
    INSERT INTO evaluation_scenarios
      (id, project_id, evaluation_id, row_index, repetition, inputs, output, correct_answer, results, latency, cost, error, trace_id, created_at)
    SELECT id, $2, $1, row_index, repetition, inputs, output, correct_answer, results, latency, cost, error, trace_id, created_at FROM batch
    ON CONFLICT (evaluation_id, row_index, repetition) DO NOTHING
    RETURNING id
  ), added AS (
    SELECT count(*)::int AS done, coalesce(sum("failedRows"), 0)::int AS failed, coalesce(sum("evaluatorErrors"), 0)::int AS errors
    FROM inserted JOIN batch USING (id)
  ), progressed AS (
    UPDATE evaluations SET progress_done = progress_done + added.done, progress_failed_rows = progress_failed_rows + added.failed,
           progress_evaluator_errors = progress_evaluator_errors + added.errors, updated_at = now()
      FROM added WHERE id = $1 AND project_id = $2 AND added.done > 0
  )
  SELECT done AS stored FROM added`;

/**
 * Per evaluation (`$1` project, `$2` evaluation): the counts and sums `ScenarioTally` holds. Cost and latency are each
 * row's mean over its repetitions first (a latency of a repetition that failed does not count); the total cost is all of them.
 */
export const ROW_TALLY_SQL = `
  SELECT coalesce(sum(runs), 0)::int AS rows, coalesce(sum(failed), 0)::int AS failed_rows,
         (array_agg(first_error ORDER BY row_index) FILTER (WHERE first_error IS NOT NULL))[1] AS first_row_error,
         count(cost)::int AS cost_count, coalesce(sum(cost), 0)::float8 AS cost_sum, coalesce(sum(cost_total), 0)::float8 AS cost_total,
         count(latency)::int AS latency_count, coalesce(sum(latency), 0)::float8 AS latency_sum
    FROM (
      SELECT row_index, count(*) AS runs, count(*) FILTER (WHERE error IS NOT NULL) AS failed,
             (array_agg(error->>'message' ORDER BY repetition) FILTER (WHERE error IS NOT NULL))[1] AS first_error,
             avg(cost) AS cost, sum(cost) AS cost_total, avg(latency) FILTER (WHERE error IS NULL) AS latency
        FROM evaluation_scenarios WHERE project_id = $1 AND evaluation_id = $2
       GROUP BY row_index
    ) AS per_row`;

/**
 * Per evaluator, the numbers aggregateTally needs; "numeric" follows the domain: a boolean bool, or any number.
 * Results are counted one per repetition; the numeric count and sum are over rows, of each row's mean.
 */
export const EVALUATOR_TALLY_SQL = `
  SELECT config_id, sum(results)::int AS results, sum(errors)::int AS errors,
         (array_agg(first_error ORDER BY row_index) FILTER (WHERE first_error IS NOT NULL))[1] AS first_error,
         count(numeric)::int AS numeric_count, coalesce(sum(numeric), 0)::float8 AS numeric_sum,
         (array_agg(unaggregatable ORDER BY row_index) FILTER (WHERE unaggregatable IS NOT NULL))[1] AS unaggregatable
    FROM (
      SELECT config_id, row_index, count(*) AS results, count(*) FILTER (WHERE type = 'error') AS errors,
             (array_agg(message ORDER BY repetition) FILTER (WHERE type = 'error'))[1] AS first_error,
             avg(numeric) AS numeric,
             (array_agg(jsonb_build_object('type', type, 'value', value) ORDER BY repetition)
                FILTER (WHERE type <> 'error' AND numeric IS NULL))[1] AS unaggregatable
        FROM (
          SELECT s.row_index, s.repetition, r."evaluatorConfigId" AS config_id, result.type, result.value, result.error->>'message' AS message,
                 CASE WHEN result.type = 'error' THEN NULL
                      WHEN jsonb_typeof(result.value) = 'number' THEN result.value::float8
                      WHEN result.type = 'bool' AND jsonb_typeof(result.value) = 'boolean' THEN CASE WHEN result.value::boolean THEN 1 ELSE 0 END
                 END AS numeric
            -- Each stored result is taken apart once into columns (looking its keys up per use cost 5 µs a result on PGlite).
            FROM evaluation_scenarios s
            CROSS JOIN LATERAL jsonb_to_recordset(s.results) AS r("evaluatorConfigId" text, result jsonb)
            CROSS JOIN LATERAL jsonb_to_record(r.result) AS result(type text, value jsonb, error jsonb)
           WHERE s.project_id = $1 AND s.evaluation_id = $2
        ) AS results
       GROUP BY config_id, row_index
    ) AS per_row
   GROUP BY config_id`;

/**
 * One chunk of scenarios after row `$3`, repetition `$6` as ONE jsonb value (decoding a row per scenario costs PGlite more than the query).
 * Per result the value follows the domain's comparedValue: a bool result's boolean, any other non-error result's
 * number; a row's first result for an evaluator wins (aggregated last-first, and jsonb keeps a key's last value).
 * `$4` the evaluator config ids as a JSON array, `$5` the chunk's size.
 */
export const SCENARIO_NUMBERS_SQL = `
  SELECT coalesce(jsonb_agg(jsonb_build_array(row_index, repetition, error IS NOT NULL, cost, latency, "values") ORDER BY row_index, repetition), '[]') AS rows
    FROM (
      SELECT s.row_index, s.repetition, s.error, s.cost, s.latency,
             (SELECT jsonb_object_agg(r."evaluatorConfigId", CASE
                       WHEN result.type = 'bool' AND jsonb_typeof(result.value) = 'boolean' THEN result.value
                       WHEN result.type IS DISTINCT FROM 'error' AND jsonb_typeof(result.value) = 'number' THEN result.value
                     END ORDER BY r.position DESC)
                FROM ROWS FROM (jsonb_to_recordset(s.results) AS ("evaluatorConfigId" text, result jsonb))
                     WITH ORDINALITY AS r("evaluatorConfigId", result, position)
                CROSS JOIN LATERAL jsonb_to_record(r.result) AS result(type text, value jsonb)
               WHERE jsonb_exists($4::jsonb, r."evaluatorConfigId")) AS "values"
        FROM evaluation_scenarios s
       WHERE s.project_id = $1 AND s.evaluation_id = $2 AND (s.row_index, s.repetition) > ($3, $6)
       ORDER BY s.row_index, s.repetition
       LIMIT $5
    ) AS chunk`;
