import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

@Injectable()
export class ListEvaluationScenariosUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: Evaluation; scenarios: EvaluationScenario[] }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    return { evaluation, scenarios: await this.evaluations.listScenarios(actor.projectId, id) };
  }
}
