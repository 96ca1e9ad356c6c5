import { Injectable } from '@nestjs/common';
import { EvaluationRepository } from '../evaluations/ports';
import { JobQueue } from '../runs/ports';
import { HumanEvaluationRepository } from '../human-evaluations/ports';
import { ExclusiveLock } from './ports';

/**
 * The rows are the source of truth, the queue only a means: every evaluation and human evaluation still
 * INITIALIZED or STARTED is enqueued again, which is a no-op for a run whose job is live. So a job lost with
 * Redis, never enqueued (Redis was down), or given up during a database outage is picked up once both are back.
 */
@Injectable()
export class SweepUnfinishedRunsUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly queue: JobQueue,
    private readonly lock: ExclusiveLock,
  ) {}

  /** Answers how many unfinished runs it enqueued; null when it did not sweep (another process does, or the queue is away). */
  async execute(): Promise<number | null> {
    try {
      await this.queue.ping();
    } catch {
      return null;
    }
    let swept: number | null = null;
    await this.lock.runExclusively(async () => {
      const [evaluations, humanEvaluations] = await Promise.all([
        this.evaluations.listUnfinished(), this.humanEvaluations.listUnfinished(),
      ]);
      for (const { id, projectId } of evaluations) {
        await this.queue.enqueue({ kind: 'evaluation', evaluation_id: id, project_id: projectId });
      }
      for (const { id, projectId } of humanEvaluations) {
        await this.queue.enqueue({ kind: 'human_evaluation', human_evaluation_id: id, project_id: projectId });
      }
      swept = evaluations.length + humanEvaluations.length;
    });
    return swept;
  }
}
