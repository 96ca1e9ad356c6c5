/** Everything a listing shows; csvdata is only measured, so a 100 000-row set lists as fast as a tiny one. */
export const TESTSET_SUMMARY_COLUMNS = 'id, project_id, app_id, name, columns, jsonb_array_length(csvdata) AS rows_count, created_at, updated_at';

/** `$1` upload, `$2` batch number, `$3` project, `$4` the batch's rows as a JSON array. */
export const STAGE_ROWS = 'INSERT INTO testset_staged_rows (upload_id, batch, project_id, rows) VALUES ($1, $2, $3, $4::jsonb)';

/** The staged batches of upload `$7`, in order, as the rows of a new test set (`$1`…`$6`: id, project, app, name, columns, time). */
export const TESTSET_FROM_STAGED = `INSERT INTO testsets (id, project_id, app_id, name, columns, csvdata, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5::jsonb, coalesce(jsonb_agg(element ORDER BY staged.batch, position), '[]'::jsonb), $6, $6
    FROM testset_staged_rows staged, jsonb_array_elements(staged.rows) WITH ORDINALITY AS elements(element, position)
   WHERE staged.upload_id = $7 AND staged.project_id = $2`;

/** Upload `$1`'s batches, and any a client abandoned over a day ago. */
export const DROP_USED_STAGED_ROWS = "DELETE FROM testset_staged_rows WHERE upload_id = $1 OR staged_at < now() - interval '1 day'";

/** `$1` upload, `$2` project. */
export const DISCARD_STAGED_ROWS = 'DELETE FROM testset_staged_rows WHERE upload_id = $1 AND project_id = $2';

/** `$1` test set, `$2` project. */
export const TESTSET_SUMMARY = `SELECT ${TESTSET_SUMMARY_COLUMNS} FROM testsets WHERE id = $1 AND project_id = $2`;

/**
 * Rows after index `$3` (`$4` of them) of test set `$1`. Only the page's elements leave the database. Unnesting
 * detoasts csvdata once per query, where `csvdata -> i` per index would detoast the whole array once per row (seconds
 * per page at 100 000 rows).
 */
export const TESTSET_ROWS_PAGE = `SELECT (position - 1)::int AS index, element AS row
    FROM testsets, jsonb_array_elements(csvdata) WITH ORDINALITY AS elements(element, position)
   WHERE id = $1 AND project_id = $2 AND position > $3
   ORDER BY position LIMIT $4`;
