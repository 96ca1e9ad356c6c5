import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation } from '@crucible/domain';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

export interface EvaluationProgress {
  evaluation: Evaluation;
  /** Rows stored so far whose invocation failed, and error results among their evaluators. */
  failedRows: number;
  evaluatorErrors: number;
}

export const progressOf = (evaluation: Evaluation): EvaluationProgress => ({
  evaluation, failedRows: evaluation.progressFailedRows, evaluatorErrors: evaluation.progressEvaluatorErrors,
});

/**
 * What a waiting client polls: the status, rows done of all, and how many of those went wrong so far. The counts
 * are kept on the evaluation as rows are stored, so a poll costs one read however many rows there are.
 */
@Injectable()
export class GetEvaluationProgressUseCase {
  constructor(private readonly getEvaluation: GetEvaluationUseCase) {}

  async execute(actor: Actor, id: string): Promise<EvaluationProgress> {
    return progressOf(await this.getEvaluation.execute(actor, id));
  }
}
