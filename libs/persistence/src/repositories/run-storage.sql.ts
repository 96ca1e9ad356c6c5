/** Where one kind of run is stored: its table, its scenarios' table, and the scenarios' column naming their run. */
export interface RunTables {
  runs: 'evaluations' | 'human_evaluations';
  scenarios: 'evaluation_scenarios' | 'human_evaluation_scenarios';
  runColumn: 'evaluation_id' | 'human_evaluation_id';
  /** The scenarios' column saying which run of its row each is; null: every row runs once. */
  repetitionColumn: 'repetition' | null;
}

/** `$1` project, `$2` run. Asked before every batch's worth of rows: plain SQL, not the query builder. */
export const runStatusSql = (tables: RunTables): string => `SELECT status FROM ${tables.runs} WHERE project_id = $1 AND id = $2`;

/** `$1` project, `$2` run. */
export const storedRowRunsSql = (tables: RunTables): string =>
  `SELECT row_index, ${tables.repetitionColumn ?? '1'} AS repetition FROM ${tables.scenarios} WHERE project_id = $1 AND ${tables.runColumn} = $2`;

/** `$1` the unfinished statuses; every project's (the process-wide re-queue), oldest first. */
export const unfinishedRunsSql = (tables: RunTables): string =>
  `SELECT id, project_id FROM ${tables.runs} WHERE status = ANY($1) ORDER BY created_at`;

/** A jsonb parameter as JSON text (pg would send an array as a PostgreSQL array); null for none. */
export const jsonParameter = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));
