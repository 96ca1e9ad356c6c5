import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { requireRuns } from '../../runs/run-lookup';

/** All or none: one unknown id answers 404 and deletes nothing. */
@Injectable()
export class DeleteEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<number> {
    const found = await requireRuns(this.evaluations, actor, ids, 'evaluation');
    return this.evaluations.deleteMany(actor.projectId, found.map((e) => e.id));
  }
}
