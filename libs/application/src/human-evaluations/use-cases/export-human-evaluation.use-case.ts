import { Injectable } from '@nestjs/common';
import {
  type Actor, type ExportLayout, type HumanEvaluation, type HumanEvaluationScenario, humanEvaluationLayout,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';
import { SCENARIO_CHUNK_SIZE, everything } from '../../shared/page';

/** A human evaluation's table: its layout, and its scenarios page by page, so an export streams. */
@Injectable()
export class ExportHumanEvaluationUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string): Promise<{
    evaluation: HumanEvaluation; layout: ExportLayout; pages: AsyncIterable<HumanEvaluationScenario[]>;
  }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const { chunks } = await this.humanEvaluations.streamScenarios(actor.projectId, id, everything, SCENARIO_CHUNK_SIZE);
    return { evaluation, layout: humanEvaluationLayout(evaluation), pages: chunks };
  }
}
