import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { findComparedEvaluations } from './compared-evaluations';

export interface ComparisonRow {
  rowIndex: number;
  inputs: Record<string, unknown>;
  correctAnswer: unknown;
  scenarios: Array<{ evaluation: Evaluation; scenario: EvaluationScenario | null }>;
}

/** Row by row across evaluations of one test set. */
@Injectable()
export class CompareEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<{ evaluations: Evaluation[]; rows: ComparisonRow[] }> {
    const ordered = await findComparedEvaluations(this.evaluations, actor, ids);
    const scenarios = await this.evaluations.listScenariosOf(actor.projectId, ordered.map((e) => e.id));
    // One pass: each scenario goes to its row's cell for its evaluation (a map lookup, not a search per cell).
    const column = new Map(ordered.map((evaluation, index) => [evaluation.id, index]));
    const byRow = new Map<number, Array<EvaluationScenario | null>>();
    for (const scenario of scenarios) {
      let cells = byRow.get(scenario.rowIndex);
      if (!cells) byRow.set(scenario.rowIndex, (cells = ordered.map(() => null)));
      cells[column.get(scenario.evaluationId)!] = scenario;
    }
    const rows = [...byRow.keys()].sort((a, b) => a - b).map((rowIndex) => {
      const cells = byRow.get(rowIndex)!;
      const any = cells.find((cell) => cell !== null)!;
      return {
        rowIndex, inputs: any.inputs, correctAnswer: any.correctAnswer,
        scenarios: ordered.map((evaluation, index) => ({ evaluation, scenario: cells[index] ?? null })),
      };
    });
    return { evaluations: ordered, rows };
  }
}
