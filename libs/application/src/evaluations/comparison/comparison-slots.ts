import { DomainError } from '@crucible/domain';

/** Default of CRUCIBLE_MAX_CONCURRENT_COMPARISONS. */
export const DEFAULT_MAX_CONCURRENT_COMPARISONS = 2;

/**
 * How many comparisons this process computes at once (each reads two evaluations' numbers and resamples them):
 * past the bound a comparison is refused at once (429 with Retry-After) rather than queued behind the others.
 */
export class ComparisonSlots {
  private running = 0;
  /** How long the last comparison took: a fair guess of when a slot is free again. */
  private lastSeconds = 1;

  constructor(readonly max: number = DEFAULT_MAX_CONCURRENT_COMPARISONS) {}

  async run<T>(compute: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      throw DomainError.tooBusy(
        `${this.max} comparisons are being computed already (CRUCIBLE_MAX_CONCURRENT_COMPARISONS); try again shortly`,
        Math.max(1, Math.ceil(this.lastSeconds)),
      );
    }
    this.running += 1;
    const started = Date.now();
    try {
      return await compute();
    } finally {
      this.running -= 1;
      this.lastSeconds = (Date.now() - started) / 1000;
    }
  }
}
