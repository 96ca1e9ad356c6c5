import type { TraceSessionFilter } from '@crucible/domain';

/**
 * One page of sessions: project `$1`, the filter's values next, then (with a cursor) the last key and session id of
 * the previous page, then the limit. `last_key` is PostgreSQL's own text of `last_at`, so the cursor keeps microseconds.
 */
export function traceSessionsSql(projectId: string, filter: TraceSessionFilter, after: [string, string] | null, limit: number | null) {
  const params: unknown[] = [projectId];
  const clauses = ['project_id = $1', 'session_id IS NOT NULL'];
  const add = (column: string, value: string | undefined) => {
    if (!value) return;
    params.push(value);
    clauses.push(`${column} = $${params.length}`);
  };
  add('app_id', filter.appId);
  add('environment', filter.environment);
  add('user_id', filter.userId);
  let having = '';
  if (after) {
    params.push(after[0], after[1]);
    having = ` HAVING (max(start_time), session_id) < ($${params.length - 1}::timestamptz, $${params.length}::text)`;
  }
  let limitClause = '';
  if (limit !== null) {
    params.push(limit + 1);
    limitClause = ` LIMIT $${params.length}`;
  }
  const sql = `SELECT session_id, count(*)::int AS traces, min(start_time) AS first_at, max(start_time) AS last_at,
      max(start_time)::text AS last_key, sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
      sum(total_tokens) AS total_tokens, sum(cost) AS cost
    FROM traces WHERE ${clauses.join(' AND ')}
    GROUP BY session_id${having}
    ORDER BY max(start_time) DESC, session_id DESC${limitClause}`;
  return { sql, params };
}
