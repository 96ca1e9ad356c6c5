import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';
import { type PageRequest, SCENARIO_CHUNK_SIZE, type StreamedPage } from '../../shared/page';

/** One page of an evaluation's scenarios, streamed: an unknown evaluation or a bad cursor fails before any row is read. */
@Injectable()
export class ListEvaluationScenariosUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string, page: PageRequest): Promise<{ evaluation: Evaluation; scenarios: StreamedPage<EvaluationScenario> }> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    return { evaluation, scenarios: await this.evaluations.streamScenarios(actor.projectId, id, page, SCENARIO_CHUNK_SIZE) };
  }
}
