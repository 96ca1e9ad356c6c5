/** Everything a listing shows of a test set's latest version; its rows stay in testset_versions. */
export const TESTSET_SUMMARY_COLUMNS = 'id, project_id, app_id, name, columns, version, rows_count, created_at, updated_at';

/** `$1` upload, `$2` batch number, `$3` project, `$4` the batch's rows as a JSON array. */
export const STAGE_ROWS = 'INSERT INTO testset_staged_rows (upload_id, batch, project_id, rows) VALUES ($1, $2, $3, $4::jsonb)';

/** A new test set at version 1: `$1` id, `$2` project, `$3` app, `$4` name, `$5` columns, `$6` row count, `$7` time. */
export const INSERT_TESTSET = `INSERT INTO testsets (id, project_id, app_id, name, columns, version, rows_count, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6, $7, $7)`;

/**
 * Version `$2` of test set `$1` (`$3` project): `$4` columns, `$5` rows as a JSON array, `$6` change, `$7` API key
 * name, `$8` time.
 */
export const INSERT_TESTSET_VERSION = `INSERT INTO testset_versions
    (testset_id, version, project_id, columns, csvdata, rows_count, change, created_by, created_at)
  VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, jsonb_array_length($5::jsonb), $6, $7, $8)`;

/** INSERT_TESTSET from the staged batches of upload `$7`, counted, not read (`$1`…`$6`: id, project, app, name, columns, time). */
export const TESTSET_FROM_STAGED = `INSERT INTO testsets (id, project_id, app_id, name, columns, version, rows_count, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5::jsonb, 1, coalesce(sum(jsonb_array_length(rows)), 0), $6, $6
    FROM testset_staged_rows WHERE upload_id = $7 AND project_id = $2`;

/** Version 1 of test set `$1` (`$2` project, `$3` columns) from the staged batches of upload `$4`, in order; `$5` change, `$6` key, `$7` time. */
export const TESTSET_VERSION_FROM_STAGED = `INSERT INTO testset_versions
    (testset_id, version, project_id, columns, csvdata, rows_count, change, created_by, created_at)
  SELECT $1, 1, $2, $3::jsonb, coalesce(jsonb_agg(element ORDER BY staged.batch, position), '[]'::jsonb), count(element), $5, $6, $7
    FROM testset_staged_rows staged, jsonb_array_elements(staged.rows) WITH ORDINALITY AS elements(element, position)
   WHERE staged.upload_id = $4 AND staged.project_id = $2`;

/** Upload `$1`'s batches, and any a client abandoned over a day ago. */
export const DROP_USED_STAGED_ROWS = "DELETE FROM testset_staged_rows WHERE upload_id = $1 OR staged_at < now() - interval '1 day'";

/** `$1` upload, `$2` project. */
export const DISCARD_STAGED_ROWS = 'DELETE FROM testset_staged_rows WHERE upload_id = $1 AND project_id = $2';

/**
 * Test set `$1` (`$2` project) as of version `$3` (the latest when null): its columns and count are the version's;
 * an older version was last updated when it was made.
 */
const AS_OF_VERSION = `SELECT t.id, t.project_id, t.app_id, t.name, v.columns, v.version, v.rows_count, t.created_at,
         CASE WHEN v.version = t.version THEN t.updated_at ELSE v.created_at END AS updated_at%ROWS%
    FROM testsets t JOIN testset_versions v ON v.testset_id = t.id AND v.version = coalesce($3::int, t.version)
   WHERE t.id = $1 AND t.project_id = $2`;

export const TESTSET_SUMMARY = AS_OF_VERSION.replace('%ROWS%', '');
export const TESTSET_WITH_ROWS = AS_OF_VERSION.replace('%ROWS%', ', v.csvdata AS rows');

/**
 * Rows after index `$4` (`$5` of them) of version `$3` of test set `$1`. Only the page's elements leave the database.
 * Unnesting detoasts csvdata once per query, where `csvdata -> i` per index would detoast the whole array once per row
 * (seconds per page at 100 000 rows).
 */
export const TESTSET_ROWS_PAGE = `SELECT (position - 1)::int AS index, element AS row
    FROM testset_versions, jsonb_array_elements(csvdata) WITH ORDINALITY AS elements(element, position)
   WHERE testset_id = $1 AND project_id = $2 AND version = $3 AND position > $4
   ORDER BY position LIMIT $5`;

/**
 * Each row of version `$3` of test set `$1` as the md5 of its jsonb text, which PostgreSQL writes in one canonical
 * form (keys sorted, no spaces): equal rows have equal keys whatever version or order they came in.
 */
export const TESTSET_ROW_CONTENT_KEYS = `SELECT md5(element::text) AS key
    FROM testset_versions, jsonb_array_elements(csvdata) WITH ORDINALITY AS elements(element, position)
   WHERE testset_id = $1 AND project_id = $2 AND version = $3
   ORDER BY position`;
