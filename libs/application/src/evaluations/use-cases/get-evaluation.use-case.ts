import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { requireRun } from '../../runs/run-lookup';

@Injectable()
export class GetEvaluationUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  execute(actor: Actor, id: string): Promise<Evaluation> {
    return requireRun(this.evaluations, actor, id, 'evaluation');
  }
}
