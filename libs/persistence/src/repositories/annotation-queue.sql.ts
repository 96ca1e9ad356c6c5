/** Raw SQL of annotation queues; every statement takes `$1` project and `$2` queue. */

const ITEMS = 'annotation_queue_items';
/** Neither done nor held by anyone at `$n` (a hold past its time is released). */
const waiting = (now: string) => `status = 'pending' AND (held_by_id IS NULL OR held_until <= ${now})`;
/** Pending and free for this annotator: not held, held by them, or held past its time. */
const takeableBy = (annotator: string, now: string) =>
  `status = 'pending' AND (held_by_id IS NULL OR held_by_id = ${annotator} OR held_until <= ${now})`;

/** `$3` annotator id, `$4` name, `$5` hold until: the annotator's hold (past its time or not, as long as nobody took it) renewed. */
export const RENEW_HOLD = `
  UPDATE ${ITEMS} SET held_until = $5, held_by = $4
  WHERE project_id = $1 AND queue_id = $2 AND status = 'pending' AND held_by_id = $3
  RETURNING *`;

/**
 * `$3` annotator id, `$4` name, `$5` now, `$6` hold until: the first waiting item, held for the annotator. SKIP LOCKED
 * lets concurrent calls pass each other's rows; the outer condition is checked again on the row as it is when locked.
 */
export const TAKE_NEXT = `
  UPDATE ${ITEMS} SET held_by_id = $3, held_by = $4, held_until = $6
  WHERE id = (
    SELECT id FROM ${ITEMS} WHERE project_id = $1 AND queue_id = $2 AND ${waiting('$5')}
    ORDER BY position LIMIT 1 FOR UPDATE SKIP LOCKED)
  AND ${waiting('$5')}
  RETURNING *`;

/** `$3` now: whether any item waits (a take that found none while one waits lost a race and tries again). */
export const ANY_WAITING = `SELECT EXISTS (SELECT 1 FROM ${ITEMS} WHERE project_id = $1 AND queue_id = $2 AND ${waiting('$3')}) AS waiting`;

/** `$3` item, `$4` annotator id, `$5` name, `$6` now. */
export const COMPLETE_ITEM = `
  UPDATE ${ITEMS} SET status = 'done', completed_by_id = $4, completed_by = $5, completed_at = $6,
    held_by_id = NULL, held_by = NULL, held_until = NULL
  WHERE project_id = $1 AND queue_id = $2 AND id = $3 AND ${takeableBy('$4', '$6')}
  RETURNING *`;

/** `$3` item, `$4` annotator id, `$5` now: released, and queued again behind every other item. */
export const SKIP_ITEM = `
  UPDATE ${ITEMS} SET held_by_id = NULL, held_by = NULL, held_until = NULL, position = nextval('annotation_queue_items_position_seq')
  WHERE project_id = $1 AND queue_id = $2 AND id = $3 AND ${takeableBy('$4', '$5')}
  RETURNING *`;

export const FIND_ITEM = `SELECT * FROM ${ITEMS} WHERE project_id = $1 AND queue_id = $2 AND id = $3`;

/** `$3` item ids, `$4` trace ids, `$5` now: in the order given, each trace once per queue. */
export const ADD_ITEMS = `
  INSERT INTO ${ITEMS} (id, project_id, queue_id, trace_id, created_at)
  SELECT t.id, $1, $2, t.trace_id, $5 FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS t(id, trace_id, n) ORDER BY t.n
  ON CONFLICT (queue_id, trace_id) DO NOTHING
  RETURNING id`;

/** `$1` project, `$2` trace ids: those the project does not hold (no key), in the order given. */
export const MISSING_TRACES = `
  SELECT t.trace_id FROM unnest($2::text[]) WITH ORDINALITY AS t(trace_id, n)
  WHERE NOT EXISTS (SELECT 1 FROM trace_keys WHERE project_id = $1 AND trace_id = t.trace_id)
  ORDER BY t.n`;

/** `$1` project, `$2` queue ids, `$3` now. */
export const QUEUE_COUNTS = `
  SELECT queue_id, count(*)::int AS total, (count(*) FILTER (WHERE status = 'done'))::int AS done,
    (count(*) FILTER (WHERE status = 'pending' AND held_until > $3))::int AS held
  FROM ${ITEMS} WHERE project_id = $1 AND queue_id = ANY($2::uuid[]) GROUP BY queue_id`;

/** `$3` now: each annotator who completed an item or holds one now, most done first. */
export const ANNOTATOR_PROGRESS = `
  SELECT annotator_id, max(annotator) AS annotator, sum(done)::int AS done, bool_or(holding) AS holding FROM (
    SELECT completed_by_id AS annotator_id, completed_by AS annotator, 1 AS done, false AS holding
    FROM ${ITEMS} WHERE project_id = $1 AND queue_id = $2 AND status = 'done'
    UNION ALL
    SELECT held_by_id, held_by, 0, true FROM ${ITEMS} WHERE project_id = $1 AND queue_id = $2 AND status = 'pending' AND held_until > $3
  ) work GROUP BY annotator_id ORDER BY done DESC, annotator`;
