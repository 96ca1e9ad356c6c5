export const DEFAULT_GROUND_TRUTH_COLUMN = 'correct_answer';

/**
 * The test-set column holding the expected answer: the config's correct_answer_key, else the evaluation's
 * correct_answer_column, else "correct_answer".
 */
export function groundTruthColumn(
  settings: Record<string, unknown> | null | undefined,
  evaluationDefault?: string | null,
): string {
  const configured = settings?.['correct_answer_key'];
  if (typeof configured === 'string' && configured.trim() !== '') return configured;
  if (evaluationDefault && evaluationDefault.trim() !== '') return evaluationDefault;
  return DEFAULT_GROUND_TRUTH_COLUMN;
}
