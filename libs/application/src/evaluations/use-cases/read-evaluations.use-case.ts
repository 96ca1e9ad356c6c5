import { Injectable } from '@nestjs/common';
import { type Actor, type Evaluation, type EvaluationScenario, DomainError } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { findComparedEvaluations } from './compared-evaluations';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class GetEvaluationUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, id: string): Promise<Evaluation> {
    const evaluation = await this.evaluations.findById(actor.projectId, id);
    if (!evaluation) throw DomainError.notFound('evaluation', id);
    return evaluation;
  }
}

@Injectable()
export class ListEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  /** Seed operation 1: without a limit, every evaluation. */
  execute(actor: Actor, appId: string | undefined, page: PageRequest): Promise<Page<Evaluation>> {
    return this.evaluations.listPage(actor.projectId, { appId }, page);
  }
}

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
    const ordered = await findComparedEvaluations(this.evaluations, actor.projectId, ids);
    const unique = ordered.map((e) => e.id);
    const scenarios = await this.evaluations.listScenariosOf(actor.projectId, unique);
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

@Injectable()
export class CancelEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<Evaluation> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const moved = await this.evaluations.moveStatus(actor.projectId, id, { to: 'EVALUATION_CANCELLED' });
    if (!moved) throw new DomainError('invalid_state', `evaluation ${id} is ${evaluation.status} and can no longer be cancelled`);
    return this.getEvaluation.execute(actor, id);
  }
}

@Injectable()
export class DeleteEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    const found = await this.evaluations.list(actor.projectId, { ids: unique });
    const missing = unique.find((id) => !found.some((e) => e.id === id));
    if (missing) throw DomainError.notFound('evaluation', missing);
    return this.evaluations.deleteMany(actor.projectId, unique);
  }
}
