import { Injectable } from '@nestjs/common';
import {
  type AbTestResults, type Actor, type HumanEvaluation, type SingleModelResults, tallyAbTest, tallySingleModel,
} from '@crucible/domain';
import { ListHumanEvaluationScenariosUseCase } from './list-human-evaluation-scenarios.use-case';

export type HumanEvaluationResults =
  | { evaluation: HumanEvaluation; kind: 'human_a_b_testing'; results: AbTestResults }
  | { evaluation: HumanEvaluation; kind: 'single_model_test'; results: SingleModelResults };

@Injectable()
export class GetHumanEvaluationResultsUseCase {
  constructor(private readonly listScenarios: ListHumanEvaluationScenariosUseCase) {}

  async execute(actor: Actor, id: string): Promise<HumanEvaluationResults> {
    const { evaluation, scenarios } = await this.listScenarios.execute(actor, id);
    return evaluation.evaluationType === 'human_a_b_testing'
      ? { evaluation, kind: 'human_a_b_testing', results: tallyAbTest(evaluation, scenarios) }
      : { evaluation, kind: 'single_model_test', results: tallySingleModel(scenarios) };
  }
}
