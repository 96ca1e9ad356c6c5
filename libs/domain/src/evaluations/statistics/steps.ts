/**
 * A long computation written as a generator that yields between slices of about this much work (resampled draws,
 * values ranked): a caller can run it to the end at once (`finish`), or pause between slices so that one
 * comparison of large evaluations never holds its process for long.
 */
export const WORK_PER_STEP = 200_000;

export type Steps<T> = Generator<void, T, void>;

/** Runs every slice of `steps` at once and answers what it computes. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
