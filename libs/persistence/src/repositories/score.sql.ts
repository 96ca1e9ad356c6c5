import { STORED_SPANS } from './trace.sql';

/**
 * `$1` project, `$2` the trace's id alone (as `STORED_SPANS` takes it), `$3` span or null: whether the trace is stored
 * (its key: one index, where `traces` has one per day partition) and the span in it.
 */
export const SCORE_TARGET = `
  SELECT EXISTS (SELECT 1 FROM trace_keys WHERE project_id = $1 AND trace_id = ANY($2::text[])) AS trace,
    $3::text IS NULL OR EXISTS (SELECT 1 FROM (${STORED_SPANS}) stored WHERE span_id = $3) AS span`;
