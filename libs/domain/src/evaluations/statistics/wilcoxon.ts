import { normalSurvival } from './normal-distribution';

/** Up to this many non-zero differences the p-value comes from the exact null distribution. */
export const WILCOXON_EXACT_MAX_N = 25;

export interface SignedRankTest {
  /** Non-zero differences: zeros carry no sign and are dropped (Wilcoxon's original method, scipy's default). */
  n: number;
  /** Sum of the ranks of the positive differences. */
  statistic: number;
  pValue: number;
  method: 'exact' | 'normal';
}

/**
 * Ranks 1…n of `values`, ties given the mean of the ranks they span. The values are sorted as a Float64Array (a
 * numeric sort without a comparator: 3–4× faster on 50 000 values) and each distinct value's rank looked up.
 */
function averageRanks(values: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  const rankOf = new Map<number, number>();
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[start]) end += 1;
    rankOf.set(sorted[start]!, (start + end + 2) / 2);
    start = end + 1;
  }
  return values.map((value) => rankOf.get(value)!);
}

/**
 * Exact two-sided p-value: every one of the 2^n sign assignments of these ranks is equally likely under
 * H0. Ranks are doubled so tied (half-integer) ranks stay integers; the distribution is then exact
 * given the ties.
 */
function exactPValue(ranks: readonly number[], statistic: number): number {
  const doubled = ranks.map((r) => Math.round(r * 2));
  const total = doubled.reduce((s, r) => s + r, 0);
  let counts = new Float64Array(total + 1);
  counts[0] = 1;
  for (const rank of doubled) {
    const next = new Float64Array(total + 1);
    for (let sum = 0; sum <= total; sum += 1) {
      if (counts[sum] === 0) continue;
      next[sum] += counts[sum]!;
      next[sum + rank] += counts[sum]!;
    }
    counts = next;
  }
  const observed = Math.round(statistic * 2);
  let atMost = 0;
  let atLeast = 0;
  for (let sum = 0; sum <= total; sum += 1) {
    if (sum <= observed) atMost += counts[sum]!;
    if (sum >= observed) atLeast += counts[sum]!;
  }
  const all = 2 ** doubled.length;
  return Math.min(1, (2 * Math.min(atMost, atLeast)) / all);
}

/** Normal approximation with the tie correction of the variance and a continuity correction of ½. */
function normalPValue(ranks: readonly number[], absolute: readonly number[], statistic: number): number {
  const n = ranks.length;
  const expected = (n * (n + 1)) / 4;
  const tieGroups = new Map<number, number>();
  for (const value of absolute) tieGroups.set(value, (tieGroups.get(value) ?? 0) + 1);
  const tieTerm = [...tieGroups.values()].reduce((s, t) => s + (t * t * t - t), 0) / 48;
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm);
  if (sd === 0) return 1;
  const deviation = statistic - expected;
  const corrected = Math.max(0, Math.abs(deviation) - 0.5);
  return Math.min(1, 2 * normalSurvival(corrected / sd));
}

/** Paired Wilcoxon signed-rank test of `differences` (candidate − baseline per row), two-sided. */
export function wilcoxonSignedRank(differences: readonly number[]): SignedRankTest {
  const nonZero = differences.filter((d) => d !== 0);
  const n = nonZero.length;
  if (n === 0) return { n: 0, statistic: 0, pValue: 1, method: 'exact' };
  const absolute = nonZero.map(Math.abs);
  const ranks = averageRanks(absolute);
  const statistic = nonZero.reduce((s, d, i) => (d > 0 ? s + ranks[i]! : s), 0);
  return n <= WILCOXON_EXACT_MAX_N
    ? { n, statistic, pValue: exactPValue(ranks, statistic), method: 'exact' }
    : { n, statistic, pValue: normalPValue(ranks, absolute, statistic), method: 'normal' };
}
