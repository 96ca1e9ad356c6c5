import { mulberry32, nextMulberry32State } from './seeded-random';
import { type Steps, WORK_PER_STEP, finish } from './steps';

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20251122;

export interface Interval {
  low: number;
  high: number;
}

export const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Linear interpolation between order statistics (Hyndman & Fan type 7, numpy's default). */
export function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * Percentile bootstrap interval of the mean: `resamples` means of rows drawn with replacement, cut at
 * (1 − level)/2 and (1 + level)/2. For a paired difference, pass the per-row differences: resampling
 * them resamples whole pairs.
 */
export function bootstrapMeanInterval(
  values: readonly number[],
  options: { resamples?: number; seed?: number; level?: number } = {},
): Interval | null {
  return finish(bootstrapMeanIntervalSteps(values, options));
}

/** `bootstrapMeanInterval`, pausing after about WORK_PER_STEP draws; the same draws, so the same interval. */
export function* bootstrapMeanIntervalSteps(
  values: readonly number[],
  options: { resamples?: number; seed?: number; level?: number } = {},
): Steps<Interval | null> {
  if (values.length === 0) return null;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  const random = { state: (options.seed ?? BOOTSTRAP_SEED) >>> 0 };
  const means = new Float64Array(resamples);
  const perStep = Math.max(1, Math.floor(WORK_PER_STEP / values.length));
  for (let from = 0; from < resamples; from += perStep) {
    resampleMeans(values, random, means, from, Math.min(resamples, from + perStep));
    yield;
  }
  const sorted = Array.from(means).sort((a, b) => a - b);
  return { low: quantile(sorted, (1 - level) / 2), high: quantile(sorted, (1 + level) / 2) };
}

/**
 * Resamples `from` to `to`, drawing from mulberry32 seeded as `seededRandom` is (the same draws); a plain function
 * with the generator's state in a local, so V8 optimises the hot loop as it would outside a generator.
 */
function resampleMeans(values: readonly number[], random: { state: number }, means: Float64Array, from: number, to: number): void {
  const n = values.length;
  let state = random.state;
  for (let r = from; r < to; r += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      state = nextMulberry32State(state);
      sum += values[Math.floor(mulberry32(state) * n)]!;
    }
    means[r] = sum / n;
  }
  random.state = state;
}
