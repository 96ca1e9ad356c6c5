import { Injectable } from '@nestjs/common';
import { type Actor, type ExportTable, type HumanEvaluation, humanEvaluationTable } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';

@Injectable()
export class ExportHumanEvaluationUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: HumanEvaluation; table: ExportTable }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const scenarios = await this.humanEvaluations.listScenarios(actor.projectId, id);
    return { evaluation, table: humanEvaluationTable(evaluation, scenarios) };
  }
}
