import type { Result } from '@crucible/domain';

export interface EvaluatorContext {
  /** The test-set row. */
  inputs: Record<string, unknown>;
  /** What the application answered for this row. */
  output: unknown;
  /** Value of the ground-truth column in this row; undefined when the row has none. */
  correctAnswer: unknown;
  /** Parameters of the revision under evaluation. */
  appParams: Record<string, unknown>;
  /** Evaluator settings, already validated with defaults applied. */
  settings: Record<string, unknown>;
}

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
