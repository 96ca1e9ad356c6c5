import { DEFAULT_CORRECT_ANSWER_COLUMN } from '../runs/run';
import type { InputIssue } from '../shared/domain-error';
import { type HumanEvaluationType, REVISIONS_PER_TYPE } from './human-evaluation';

export interface HumanEvaluationSetup {
  inputColumns: string[];
  /** The column the correct answer is read from; not necessarily present in the test set. */
  groundTruthColumn: string;
}

/** An A/B test takes exactly two different revisions, a single-model test exactly one. */
export function revisionsIssue(evaluationType: HumanEvaluationType, revisionIds: string[]): InputIssue | null {
  const wanted = REVISIONS_PER_TYPE[evaluationType];
  const distinct = new Set(revisionIds).size;
  if (revisionIds.length === wanted && distinct === wanted) return null;
  return {
    loc: ['body', 'revisions_ids'],
    msg: wanted === 2
      ? `an A/B test compares exactly two different revisions, got ${revisionIds.length}${distinct < revisionIds.length ? ' with repeats' : ''}`
      : `a single-model test scores exactly one revision, got ${revisionIds.length}`,
    type: 'value_error',
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
}): { ok: true; setup: HumanEvaluationSetup } | { ok: false; issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const revisions = revisionsIssue(input.evaluationType, input.revisionIds);
  if (revisions) issues.push(revisions);
  const columns = input.testsetColumns;
  if (input.correctAnswerColumn && !columns.includes(input.correctAnswerColumn)) {
    issues.push({
      loc: ['body', 'correct_answer_column'], type: 'value_error',
      msg: `the test set has no column "${input.correctAnswerColumn}" (columns: ${columns.join(', ')})`,
    });
  }
  (input.inputColumns ?? []).forEach((column, index) => {
    if (!columns.includes(column)) {
      issues.push({ loc: ['body', 'inputs', index], msg: `the test set has no column "${column}"`, type: 'value_error' });
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  const groundTruthColumn = input.correctAnswerColumn || DEFAULT_CORRECT_ANSWER_COLUMN;
  const inputColumns = input.inputColumns ? [...new Set(input.inputColumns)] : columns.filter((c) => c !== groundTruthColumn);
  return { ok: true, setup: { inputColumns, groundTruthColumn } };
}
