import { Injectable } from '@nestjs/common';
import { type Actor, type HumanEvaluation, type HumanEvaluationStatus, DomainError, humanEvaluationStatuses } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';

/** Agenta's PUT /human-evaluations/{id}: people mark a judged evaluation finished (or reopen it). */
@Injectable()
export class UpdateHumanEvaluationStatusUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, input: { evaluationId: string; status: HumanEvaluationStatus }): Promise<HumanEvaluation> {
    const evaluation = await this.getEvaluation.execute(actor, input.evaluationId);
    if (evaluation.status === input.status) return evaluation;
    humanEvaluationStatuses.assertMove(evaluation.status, input.status);
    const moved = await this.humanEvaluations.moveStatus(actor.projectId, evaluation.id, { to: input.status });
    if (!moved) throw new DomainError('invalid_state', `human evaluation ${evaluation.id} changed meanwhile; try again`);
    return this.getEvaluation.execute(actor, input.evaluationId);
  }
}
