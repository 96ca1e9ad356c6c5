import { Injectable } from '@nestjs/common';
import type { Actor, HumanEvaluation, HumanEvaluationScenario } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';

@Injectable()
export class ListHumanEvaluationScenariosUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: HumanEvaluation; scenarios: HumanEvaluationScenario[] }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    return { evaluation, scenarios: await this.humanEvaluations.listScenarios(actor.projectId, id) };
  }
}
