import { Injectable } from '@nestjs/common';
import type { Actor, HumanEvaluation } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';

@Injectable()
export class ListHumanEvaluationsUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  execute(actor: Actor, appId?: string): Promise<HumanEvaluation[]> {
    return this.humanEvaluations.list(actor.projectId, { appId });
  }
}
