import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { JobQueue } from '../../runs/ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';
import { type EvaluationProgress, progressOf } from './get-evaluation-progress.use-case';

/**
 * The runner stops within two batches (or 150 ms and two batches, for batches under 50 ms); a run waiting out its delay
 * between batches holds no slot, and its job is dropped at once. A finished evaluation is never cancelled.
 */
@Injectable()
export class CancelEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly getEvaluation: GetEvaluationUseCase,
    private readonly queue: JobQueue,
  ) {}

  async execute(actor: Actor, id: string): Promise<EvaluationProgress> {
    const evaluation = await this.getEvaluation.execute(actor, id);
    const moved = await this.evaluations.moveStatus(actor.projectId, id, { to: 'EVALUATION_CANCELLED' });
    if (!moved) throw new DomainError('invalid_state', `evaluation ${id} is ${evaluation.status} and can no longer be cancelled`);
    await this.queue.discard({ kind: 'evaluation', evaluation_id: id, project_id: actor.projectId });
    return progressOf(await this.getEvaluation.execute(actor, id));
  }
}
