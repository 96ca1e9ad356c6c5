/** $1 project, $2 rule ids: executions per rule and state. */
export const EXECUTION_COUNTS = `
  SELECT rule_id, status, count(*)::int AS count
  FROM online_evaluation_executions
  WHERE project_id = $1 AND rule_id = ANY($2::uuid[])
  GROUP BY rule_id, status`;

const EXECUTIONS = 'online_evaluation_executions';

/** $1 project, $2 rule ids, $3 trace ids, $4 statuses, $5 reasons, $6 due times, $7 now: a (rule, trace) already logged stays as it is. */
export const INSERT_EXECUTIONS = `
  INSERT INTO ${EXECUTIONS} (project_id, rule_id, trace_id, status, reason, due_at, created_at, updated_at)
  SELECT $1, x.rule_id, x.trace_id, x.status, x.reason, x.due_at, $7, $7
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS x(rule_id, trace_id, status, reason, due_at)
  ON CONFLICT (rule_id, trace_id) DO NOTHING`;

/**
 * $1 now, $2 lease end, $3 how many: claims pending executions that are due and unclaimed (or whose claim lapsed:
 * its runner died), oldest due first; two runners never claim the same one.
 */
export const CLAIM_DUE = `
  UPDATE ${EXECUTIONS} e SET claimed_until = $2, attempts = e.attempts + 1, updated_at = $1
  FROM (
    SELECT rule_id, trace_id FROM ${EXECUTIONS}
    WHERE status = 'pending' AND due_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
    ORDER BY due_at LIMIT $3
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE e.rule_id = due.rule_id AND e.trace_id = due.trace_id
  RETURNING e.project_id, e.rule_id, e.trace_id`;

/**
 * $1 rules, $2 traces, $3 statuses, $4 reasons, $5 score ids, $6 now, $7 the scores (a JSON array of score rows): ends
 * a round's pending executions and stores the scores of those it ended, in one statement. An execution that is no
 * longer pending (another runner ended it after its lease lapsed) keeps its outcome, and its score is not stored again.
 */
export const FINISH_EXECUTIONS = `
  WITH ended AS (
    UPDATE ${EXECUTIONS} e SET status = x.status, reason = x.reason, score_id = x.score_id, claimed_until = NULL, updated_at = $6
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(rule_id, trace_id, status, reason, score_id)
    WHERE e.rule_id = x.rule_id AND e.trace_id = x.trace_id AND e.status = 'pending'
    RETURNING e.score_id
  )
  INSERT INTO scores (project_id, id, trace_id, span_id, name, data_type, value, string_value, comment, config_id, source, author_id, author, created_at)
  SELECT s.project_id, s.id, s.trace_id, s.span_id, s.name, s.data_type, s.value, s.string_value, s.comment, s.config_id, s.source,
    s.author_id, s.author, s.created_at
  FROM jsonb_to_recordset($7::jsonb) AS s(project_id uuid, id text, trace_id text, span_id text, name text, data_type text, value float8,
    string_value text, comment text, config_id uuid, source text, author_id text, author text, created_at timestamptz)
  WHERE s.id IN (SELECT score_id FROM ended WHERE score_id IS NOT NULL)
  ON CONFLICT DO NOTHING`;

/** $1 project, $2 app id, $3 from, $4 to: the app's traces that started in [from, to). */
export const TRACES_OF_APP_BETWEEN = `
  SELECT trace_id, app_id, environment, route, status, model FROM traces
  WHERE project_id = $1 AND app_id = $2 AND start_time >= $3 AND start_time < $4`;

/**
 * $1 project, $2 rule, $3 since (when it was last resumed): its errors after its latest completed execution — the
 * first one's time, the latest one's time and words; no row when there is none.
 */
export const FAILURE_STREAK = `
  WITH last_ok AS (
    SELECT max(updated_at) AS at FROM ${EXECUTIONS}
    WHERE project_id = $1 AND rule_id = $2 AND status = 'completed' AND updated_at >= $3
  ), errors AS (
    SELECT updated_at, reason FROM ${EXECUTIONS}
    WHERE project_id = $1 AND rule_id = $2 AND status = 'error' AND updated_at >= $3
      AND ((SELECT at FROM last_ok) IS NULL OR updated_at > (SELECT at FROM last_ok))
  )
  SELECT (SELECT min(updated_at) FROM errors) AS first_error_at, latest.updated_at AS last_error_at, latest.reason AS last_error
  FROM (SELECT updated_at, reason FROM errors ORDER BY updated_at DESC LIMIT 1) latest`;
