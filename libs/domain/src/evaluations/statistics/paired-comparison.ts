import { bootstrapMeanIntervalSteps, mean } from './bootstrap';
import { exactMcNemarPValue } from './mcnemar';
import { wilcoxonSignedRank } from './wilcoxon';
import { type Steps, finish } from './steps';

export const SIGNIFICANCE_LEVEL = 0.05;

export type Verdict = 'better' | 'worse' | 'no_significant_difference';
export type PairedTest = 'mcnemar_exact' | 'wilcoxon_exact' | 'wilcoxon_normal';

/** Row index → the row's value; rows that errored are absent. */
export type RowValues = ReadonlyMap<number, number>;

export interface MeanEstimate {
  n: number;
  mean: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface PairedComparison {
  /** Rows with a value on both sides. */
  n: number;
  /** Rows left out because they errored (or are missing) on either side. */
  excludedRows: number;
  /** Mean of candidate − baseline over the paired rows. */
  difference: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  pValue: number | null;
  test: PairedTest | null;
  verdict: Verdict;
}

export function* estimateMeanSteps(values: readonly number[]): Steps<MeanEstimate> {
  const interval = yield* bootstrapMeanIntervalSteps(values);
  return {
    n: values.length, mean: values.length === 0 ? null : mean(values), ciLow: interval?.low ?? null, ciHigh: interval?.high ?? null,
  };
}

function verdictOf(difference: number, pValue: number, higherIsBetter: boolean): Verdict {
  if (pValue >= SIGNIFICANCE_LEVEL || difference === 0) return 'no_significant_difference';
  return (difference > 0) === higherIsBetter ? 'better' : 'worse';
}

/**
 * The candidate against the baseline on the rows both have: the mean paired difference with its bootstrap
 * interval, and a p-value from the exact McNemar test (0/1 values) or the Wilcoxon signed-rank test.
 */
export function comparePaired(
  baseline: RowValues,
  candidate: RowValues,
  options: { binary: boolean; higherIsBetter: boolean; rowCount: number },
): PairedComparison {
  return finish(comparePairedSteps(baseline, candidate, options));
}

/** `comparePaired` in slices (ARCHITECTURE §11: the same numbers, computed without holding the process). */
export function* comparePairedSteps(
  baseline: RowValues,
  candidate: RowValues,
  options: { binary: boolean; higherIsBetter: boolean; rowCount: number },
): Steps<PairedComparison> {
  const pairs: Array<[number, number]> = [];
  for (const [row, value] of baseline) {
    const other = candidate.get(row);
    if (other !== undefined) pairs.push([value, other]);
  }
  const excludedRows = Math.max(0, options.rowCount - pairs.length);
  if (pairs.length === 0) {
    return { n: 0, excludedRows, difference: null, ciLow: null, ciHigh: null, pValue: null, test: null, verdict: 'no_significant_difference' };
  }
  const differences = pairs.map(([base, cand]) => cand - base);
  yield;
  const interval = (yield* bootstrapMeanIntervalSteps(differences))!;
  const difference = mean(differences);
  let pValue: number;
  let test: PairedTest;
  if (options.binary) {
    pValue = exactMcNemarPValue(differences.filter((d) => d < 0).length, differences.filter((d) => d > 0).length);
    test = 'mcnemar_exact';
  } else {
    yield;
    const wilcoxon = wilcoxonSignedRank(differences);
    pValue = wilcoxon.pValue;
    test = wilcoxon.method === 'exact' ? 'wilcoxon_exact' : 'wilcoxon_normal';
  }
  return {
    n: pairs.length, excludedRows, difference, ciLow: interval.low, ciHigh: interval.high, pValue, test,
    verdict: verdictOf(difference, pValue, options.higherIsBetter),
  };
}
