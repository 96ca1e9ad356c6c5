import type { HumanScenarioPatch } from '@crucible/domain';

/** A scenario once (`$1`…`$13` in column order); the row index is its key within the evaluation. */
export const HUMAN_SCENARIO_INSERT = `INSERT INTO human_evaluation_scenarios
    (id, project_id, human_evaluation_id, row_index, inputs, outputs, vote, score, correct_answer, is_pinned, note,
     created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)
  ON CONFLICT (human_evaluation_id, row_index) DO NOTHING
  RETURNING id`;

/** `$1` evaluation, `$2` project. */
export const HUMAN_PROGRESS_STEP = 'UPDATE human_evaluations SET progress_done = progress_done + 1, updated_at = now() WHERE id = $1 AND project_id = $2';

/** Patch field → column; the only names that ever reach the SET clause. */
const PATCH_COLUMNS: Record<keyof HumanScenarioPatch, string> = {
  vote: 'vote', score: 'score', metricScores: 'metric_scores', correctAnswer: 'correct_answer', isPinned: 'is_pinned', note: 'note',
  outputs: 'outputs', modifiedBy: 'modified_by', modifiedById: 'modified_by_id',
};
const JSON_FIELDS: ReadonlyArray<keyof HumanScenarioPatch> = ['outputs', 'metricScores'];

/** Judgments of other configs stay: the sent ones are merged in by config id, and a null one (cleared) is stripped. */
const assignment = (field: keyof HumanScenarioPatch, parameter: string): string => {
  if (field === 'metricScores') return `metric_scores = jsonb_strip_nulls(metric_scores || ${parameter}::jsonb)`;
  return `${PATCH_COLUMNS[field]} = ${parameter}${JSON_FIELDS.includes(field) ? '::jsonb' : ''}`;
};

/**
 * Sets only the patched columns, and only while the evaluation may be judged (`$4`): one statement, so concurrent
 * judges of different scenarios (or of different fields of one) never overwrite each other's work. The CTE makes both
 * drivers answer the returned rows the same way. `$1` scenario, `$2` evaluation, `$3` project, then the patch's values.
 */
export function humanScenarioUpdate(patch: HumanScenarioPatch): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const assignments = (Object.keys(PATCH_COLUMNS) as Array<keyof HumanScenarioPatch>)
    .filter((field) => patch[field] !== undefined)
    .map((field) => {
      // jsonb takes its value as JSON text; pg would send an array as a PostgreSQL array.
      values.push(JSON_FIELDS.includes(field) ? JSON.stringify(patch[field]) : patch[field]);
      return assignment(field, `$${values.length + 4}`);
    });
  const sql = `WITH updated AS (
      UPDATE human_evaluation_scenarios s SET ${[...assignments, 'updated_at = now()'].join(', ')}
      FROM human_evaluations e
      WHERE s.id = $1 AND s.human_evaluation_id = $2 AND s.project_id = $3
        AND e.id = s.human_evaluation_id AND e.project_id = s.project_id AND e.status = ANY($4)
      RETURNING s.*
    )
    SELECT * FROM updated`;
  return { sql, values };
}
