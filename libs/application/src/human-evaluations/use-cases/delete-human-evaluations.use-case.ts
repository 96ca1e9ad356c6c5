import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { requireRuns } from '../../runs/run-lookup';

/** All or none: one unknown id answers 404 and deletes nothing. */
@Injectable()
export class DeleteHumanEvaluationsUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<number> {
    const found = await requireRuns(this.humanEvaluations, actor, ids, 'human evaluation');
    return this.humanEvaluations.deleteMany(actor.projectId, found.map((e) => e.id));
  }
}
