import { Injectable } from '@nestjs/common';
import { type Actor, type ExportTable, type HumanEvaluation, humanEvaluationTable } from '@crucible/domain';
import { ListHumanEvaluationScenariosUseCase } from './list-human-evaluation-scenarios.use-case';

@Injectable()
export class ExportHumanEvaluationUseCase {
  constructor(private readonly listScenarios: ListHumanEvaluationScenariosUseCase) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: HumanEvaluation; table: ExportTable }> {
    const { evaluation, scenarios } = await this.listScenarios.execute(actor, id);
    return { evaluation, table: humanEvaluationTable(evaluation, scenarios) };
  }
}
