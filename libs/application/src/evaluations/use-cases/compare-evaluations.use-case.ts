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
    const rowIndexes = [...new Set(scenarios.map((s) => s.rowIndex))].sort((a, b) => a - b);
    const rows = rowIndexes.map((rowIndex) => {
      const cells = ordered.map((evaluation) => ({
        evaluation,
        scenario: scenarios.find((s) => s.evaluationId === evaluation.id && s.rowIndex === rowIndex) ?? null,
      }));
      const any = cells.find((c) => c.scenario)!.scenario!;
      return { rowIndex, inputs: any.inputs, correctAnswer: any.correctAnswer, scenarios: cells };
    });
    return { evaluations: ordered, rows };
  }
}
