import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

export const EXPORT_PAGE_SIZE = 500;

/** An evaluation's rows page by page, so an export streams without holding every row in memory. */
@Injectable()
export class ExportEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: Evaluation; pages: AsyncIterable<EvaluationScenario[]> }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    return { evaluation, pages: this.evaluations.scenarioPages(actor.projectId, id, EXPORT_PAGE_SIZE) };
  }
}
