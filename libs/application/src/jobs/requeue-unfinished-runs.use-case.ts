import { Injectable } from '@nestjs/common';
import { EvaluationRepository } from '../evaluations/ports';
import { HumanEvaluationRepository } from '../human-evaluations/ports';
import { JobQueue } from '../runs/ports';

/** An in-process queue forgets its jobs on restart; this re-queues every run left unfinished. */
@Injectable()
export class RequeueUnfinishedRunsUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly queue: JobQueue,
  ) {}

  async execute(): Promise<number> {
    const unfinished = await this.evaluations.listUnfinished();
    for (const { id, projectId } of unfinished) {
      await this.queue.enqueue({ kind: 'evaluation', evaluation_id: id, project_id: projectId });
    }
    const unfinishedHuman = await this.humanEvaluations.listUnfinished();
    for (const { id, projectId } of unfinishedHuman) {
      await this.queue.enqueue({ kind: 'human_evaluation', human_evaluation_id: id, project_id: projectId });
    }
    return unfinished.length + unfinishedHuman.length;
  }
}
