import { DomainError } from '../shared/domain-error';

/** How many times an evaluation runs each test-set row, unless asked otherwise, and the most it may. */
export const DEFAULT_REPETITIONS = 1;
export const MAX_REPETITIONS = 20;

export function assertRepetitions(repetitions: number): void {
  if (!Number.isInteger(repetitions) || repetitions < 1 || repetitions > MAX_REPETITIONS) {
    const rule = !Number.isInteger(repetitions) ? 'not_integer' : repetitions < 1 ? 'below_minimum' : 'above_maximum';
    throw DomainError.invalidInput([{ field: ['repetitions'], reason: `must be an integer from 1 to ${MAX_REPETITIONS}, got ${repetitions}`, rule }]);
  }
}

/** One metric's values over a row's repetitions, as the row counts (the row, not the repetition, is the unit). */
export interface RowSummary {
  /** Mean of the repetitions' values (a bool's share true). */
  mean: number;
  /** Sample standard deviation (n − 1) of the values; null with fewer than two. */
  sd: number | null;
  /** Repetitions that had a value. */
  count: number;
}

export function summarizeRow(values: readonly number[]): RowSummary {
  const count = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / count;
  const sd = count < 2 ? null : Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (count - 1));
  return { mean, sd, count };
}

/** Each row's values gathered by row index, then summarized; rows in the order first seen. */
export function summarizeRows(cells: Iterable<{ rowIndex: number; value: number }>): Map<number, RowSummary> {
  const byRow = new Map<number, number[]>();
  for (const { rowIndex, value } of cells) {
    const values = byRow.get(rowIndex);
    if (values) values.push(value);
    else byRow.set(rowIndex, [value]);
  }
  return new Map([...byRow].map(([rowIndex, values]) => [rowIndex, summarizeRow(values)]));
}

/** The within-row spread of an evaluation: the mean over rows (with two or more values) of each row's standard deviation. */
export function meanWithinRowSd(rows: Iterable<RowSummary>): number | null {
  let sum = 0;
  let count = 0;
  for (const row of rows) {
    if (row.sd === null) continue;
    sum += row.sd;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}
