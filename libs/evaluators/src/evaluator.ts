import type { Result } from '@crucible/domain';
import type { EvaluatorContext } from '@crucible/application';

/** One row as an evaluator sees it; the shape belongs to the EvaluatorService port. */
export type { EvaluatorContext };

export interface Evaluator {
  readonly key: string;
  evaluate(ctx: EvaluatorContext): Promise<Result>;
}

/**
 * A failure the user can act on (missing ground truth, a judge that gave no score...). It becomes an error Result
 * without a stack trace, unlike unexpected errors whose trace helps a maintainer.
 */
export class EvaluationFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluationFailure';
  }
}
