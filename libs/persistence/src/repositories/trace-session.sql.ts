import type { TraceSessionFilter } from '@crucible/domain';

/** The aggregates of a page of sessions, over the traces `clauses` keep, grouped by session. */
const SESSION_COLUMNS = `session_id, count(*)::int AS traces, min(start_time) AS first_at, max(start_time) AS last_at,
      max(start_time)::text AS last_key, sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
      sum(total_tokens) AS total_tokens, sum(cost) AS cost`;

interface SessionClauses {
  params: unknown[];
  clauses: string[];
  /** `HAVING` the cursor, or ''. */
  having: string;
  /** The cursor's parameter numbers: its time and session id. */
  cursor: [number, number] | null;
}

/** Project `$1`, the filter's values next, then (with a cursor) the last key and session id of the previous page. */
function sessionClauses(projectId: string, filter: TraceSessionFilter, after: [string, string] | null): SessionClauses {
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
  if (!after) return { params, clauses, having: '', cursor: null };
  params.push(after[0], after[1]);
  const cursor: [number, number] = [params.length - 1, params.length];
  return { params, clauses, having: ` HAVING (max(start_time), session_id) < ($${cursor[0]}::timestamptz, $${cursor[1]}::text)`, cursor };
}

/**
 * One page of sessions by grouping every trace the filter keeps: the parameters of `sessionClauses`, then the limit.
 * `last_key` is PostgreSQL's own text of `last_at`, so the cursor keeps microseconds.
 */
export function traceSessionsSql(projectId: string, filter: TraceSessionFilter, after: [string, string] | null, limit: number | null) {
  const { params, clauses, having } = sessionClauses(projectId, filter, after);
  let limitClause = '';
  if (limit !== null) {
    params.push(limit + 1);
    limitClause = ` LIMIT $${params.length}`;
  }
  const sql = `SELECT ${SESSION_COLUMNS} FROM traces WHERE ${clauses.join(' AND ')}
    GROUP BY session_id${having}
    ORDER BY max(start_time) DESC, session_id DESC${limitClause}`;
  return { sql, params };
}

/**
 * The same page from the newest `headRows` traces the filter keeps (past the cursor), read in the page's order from an
 * index: the first `limit + 1` sessions seen there, then only their traces grouped. Sessions are ordered by their
 * newest trace, so the first sessions met newest first are the page's (but those of earlier pages, whose newest trace is
 * past the cursor), unless fewer than `limit + 1` were met. Each row carries `head_rows`, how many traces
 * were read (one row of nulls when no session is left): the page is exact when it holds `limit + 1` sessions or the
 * head ran out; otherwise the caller reads a longer head.
 */
export function traceSessionsHeadSql(projectId: string, filter: TraceSessionFilter, after: [string, string] | null, limit: number, headRows: number) {
  const { params, clauses, having, cursor } = sessionClauses(projectId, filter, after);
  // The time alone bounds the index scan; the pair orders ties.
  const [time, id] = cursor ?? [0, 0];
  const past = cursor ? ` AND start_time <= $${time}::timestamptz AND (start_time, session_id) < ($${time}::timestamptz, $${id}::text)` : '';
  params.push(headRows, limit + 1);
  const where = clauses.join(' AND ');
  // A session of an earlier page may have older traces past the cursor: it is not met again.
  const shown = cursor
    ? ` HAVING NOT EXISTS (SELECT 1 FROM traces WHERE ${where} AND session_id = head.session_id
          AND start_time >= $${time}::timestamptz AND (start_time, session_id) >= ($${time}::timestamptz, $${id}::text))`
    : '';
  const sql = `WITH head AS MATERIALIZED (
      SELECT session_id, start_time FROM traces WHERE ${where}${past}
       ORDER BY start_time DESC, session_id DESC LIMIT $${params.length - 1}
    ), picked AS (
      SELECT session_id FROM head GROUP BY session_id${shown}
       ORDER BY max(start_time) DESC, session_id DESC LIMIT $${params.length}
    )
    SELECT page.*, counted.head_rows FROM (SELECT count(*)::int AS head_rows FROM head) counted
    LEFT JOIN LATERAL (
      SELECT ${SESSION_COLUMNS} FROM traces WHERE ${where} AND session_id IN (SELECT session_id FROM picked)
       GROUP BY session_id${having}
    ) page ON true
    ORDER BY page.last_at DESC, page.session_id DESC`;
  return { sql, params };
}
