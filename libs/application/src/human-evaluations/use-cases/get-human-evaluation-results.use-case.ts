import { Injectable } from '@nestjs/common';
import {
  type AbTestResults, type Actor, type HumanEvaluation, type MetricResult, type SingleModelResults, tallyAbTest, tallyMetrics,
  tallySingleModel,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';

export type HumanEvaluationResults =
  | { evaluation: HumanEvaluation; kind: 'human_a_b_testing'; results: AbTestResults }
  | { evaluation: HumanEvaluation; kind: 'single_model_test'; results: SingleModelResults; metrics: MetricResult[] };

@Injectable()
export class GetHumanEvaluationResultsUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<HumanEvaluationResults> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const scenarios = await this.humanEvaluations.listScenarios(actor.projectId, id);
    return evaluation.evaluationType === 'human_a_b_testing'
      ? { evaluation, kind: 'human_a_b_testing', results: tallyAbTest(evaluation, scenarios) }
      : { evaluation, kind: 'single_model_test', results: tallySingleModel(scenarios), metrics: tallyMetrics(evaluation.metrics, scenarios) };
  }
}
