import { Injectable } from '@nestjs/common';
import {
  type AbTestResults, type Actor, type ExportTable, type HumanEvaluation, type HumanEvaluationScenario,
  type SingleModelResults, DomainError, humanEvaluationTable, tallyAbTest, tallySingleModel,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';

@Injectable()
export class GetHumanEvaluationUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  async execute(actor: Actor, id: string): Promise<HumanEvaluation> {
    const evaluation = await this.humanEvaluations.findById(actor.projectId, id);
    if (!evaluation) throw DomainError.notFound('human evaluation', id);
    return evaluation;
  }
}

@Injectable()
export class ListHumanEvaluationsUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  execute(actor: Actor, appId?: string): Promise<HumanEvaluation[]> {
    return this.humanEvaluations.list(actor.projectId, { appId });
  }
}

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

@Injectable()
export class ExportHumanEvaluationUseCase {
  constructor(private readonly listScenarios: ListHumanEvaluationScenariosUseCase) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: HumanEvaluation; table: ExportTable }> {
    const { evaluation, scenarios } = await this.listScenarios.execute(actor, id);
    return { evaluation, table: humanEvaluationTable(evaluation, scenarios) };
  }
}

@Injectable()
export class DeleteHumanEvaluationsUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    const found = await this.humanEvaluations.list(actor.projectId, { ids: unique });
    const missing = unique.find((id) => !found.some((e) => e.id === id));
    if (missing) throw DomainError.notFound('human evaluation', missing);
    return this.humanEvaluations.deleteMany(actor.projectId, unique);
  }
}
