import { DEFAULT_CORRECT_ANSWER_COLUMN } from '../runs/run';
import type { InputViolation } from '../shared/input-violation';
import { type HumanEvaluationType, REVISIONS_PER_TYPE } from './human-evaluation';

export interface HumanEvaluationSetup {
  inputColumns: string[];
  /** The column the correct answer is read from; not necessarily present in the test set. */
  groundTruthColumn: string;
}

/** An A/B test takes exactly two different revisions, a single-model test exactly one. */
export function revisionsViolation(evaluationType: HumanEvaluationType, revisionIds: string[]): InputViolation | null {
  const wanted = REVISIONS_PER_TYPE[evaluationType];
  const distinct = new Set(revisionIds).size;
  if (revisionIds.length === wanted && distinct === wanted) return null;
  return {
    field: ['revisions_ids'],
    reason: wanted === 2
      ? `an A/B test compares exactly two different revisions, got ${revisionIds.length}${distinct < revisionIds.length ? ' with repeats' : ''}`
      : `a single-model test scores exactly one revision, got ${revisionIds.length}`,
    rule: 'invalid_value',
  };
}

/**
 * Checks what a new human evaluation compares and shows: an A/B test takes exactly two different revisions,
 * a single-model test exactly one; chosen input and correct-answer columns must be columns of the test set.
 * Inputs default to every column but the correct answer's.
 */
export function checkHumanEvaluationSetup(input: {
  evaluationType: HumanEvaluationType;
  revisionIds: string[];
  testsetColumns: string[];
  inputColumns?: string[];
  correctAnswerColumn?: string | null;
}): { ok: true; setup: HumanEvaluationSetup } | { ok: false; violations: InputViolation[] } {
  const violations: InputViolation[] = [];
  const revisions = revisionsViolation(input.evaluationType, input.revisionIds);
  if (revisions) violations.push(revisions);
  const columns = input.testsetColumns;
  if (input.correctAnswerColumn && !columns.includes(input.correctAnswerColumn)) {
    violations.push({
      field: ['correct_answer_column'], rule: 'invalid_value',
      reason: `the test set has no column "${input.correctAnswerColumn}" (columns: ${columns.join(', ')})`,
    });
  }
  (input.inputColumns ?? []).forEach((column, index) => {
    if (!columns.includes(column)) {
      violations.push({ field: ['inputs', index], reason: `the test set has no column "${column}"`, rule: 'invalid_value' });
    }
  });
  if (violations.length > 0) return { ok: false, violations };
  const groundTruthColumn = input.correctAnswerColumn || DEFAULT_CORRECT_ANSWER_COLUMN;
  const inputColumns = input.inputColumns ? [...new Set(input.inputColumns)] : columns.filter((c) => c !== groundTruthColumn);
  return { ok: true, setup: { inputColumns, groundTruthColumn } };
}
