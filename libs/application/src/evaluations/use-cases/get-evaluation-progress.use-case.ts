import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

export interface EvaluationProgress {
  evaluation: Evaluation;
  /** Rows stored so far whose invocation failed, and error results among their evaluators. */
  failedRows: number;
  evaluatorErrors: number;
}

/** What a waiting client polls: the status, rows done of all, and how many of those went wrong so far. */
@Injectable()
export class GetEvaluationProgressUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<EvaluationProgress> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const tally = await this.evaluations.tallyScenarios(actor.projectId, id, []);
    return { evaluation, failedRows: tally.failedRows, evaluatorErrors: tally.evaluatorErrors };
  }
}
