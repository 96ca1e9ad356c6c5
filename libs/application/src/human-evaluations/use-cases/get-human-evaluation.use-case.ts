import { Injectable } from '@nestjs/common';
import type { Actor, HumanEvaluation } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { requireRun } from '../../runs/run-lookup';

@Injectable()
export class GetHumanEvaluationUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  execute(actor: Actor, id: string): Promise<HumanEvaluation> {
    return requireRun(this.humanEvaluations, actor, id, 'human evaluation');
  }
}
