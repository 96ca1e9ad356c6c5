import { Injectable } from '@nestjs/common';
import type { Actor, HumanEvaluation, HumanEvaluationScenario } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';
import { type PageRequest, SCENARIO_CHUNK_SIZE, type StreamedPage } from '../../shared/page';

/** Seed operation 6, streamed: an unknown evaluation or a bad cursor fails before any row is read. */
@Injectable()
export class ListHumanEvaluationScenariosUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(
    actor: Actor, id: string, page: PageRequest,
  ): Promise<{ evaluation: HumanEvaluation; scenarios: StreamedPage<HumanEvaluationScenario> }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    return { evaluation, scenarios: await this.humanEvaluations.streamScenarios(actor.projectId, id, page, SCENARIO_CHUNK_SIZE) };
  }
}
