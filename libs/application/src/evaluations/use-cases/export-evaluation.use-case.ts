import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';
import { SCENARIO_CHUNK_SIZE, everything } from '../../shared/page';

/** An evaluation's rows page by page, so an export streams without holding every row in memory. */
@Injectable()
export class ExportEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{ evaluation: Evaluation; pages: AsyncIterable<EvaluationScenario[]> }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const { chunks } = await this.evaluations.streamScenarios(actor.projectId, id, everything, SCENARIO_CHUNK_SIZE);
    return { evaluation, pages: chunks };
  }
}
