import { Injectable } from '@nestjs/common';
import { type Job, jobSchema } from '@crucible/contracts';
import { RunEvaluationUseCase } from './run-evaluation.use-case';
import { EvaluationRepository, JobQueue } from '../ports';
import { HumanEvaluationRepository } from '../../human-evaluations/ports';
import { RunHumanEvaluationUseCase } from '../../human-evaluations/use-cases/run-human-evaluation.use-case';

/** Both queue adapters (BullMQ and in-process) hand every job here; the payload is parsed, never trusted. */
@Injectable()
export class DispatchJobUseCase {
  constructor(
    private readonly runEvaluation: RunEvaluationUseCase,
    private readonly runHumanEvaluation: RunHumanEvaluationUseCase,
  ) {}

  async execute(payload: unknown): Promise<void> {
    const job: Job = jobSchema.parse(payload);
    switch (job.kind) {
      case 'evaluation':
        return this.runEvaluation.execute({ evaluationId: job.evaluation_id, projectId: job.project_id });
      case 'human_evaluation':
        return this.runHumanEvaluation.execute({ humanEvaluationId: job.human_evaluation_id, projectId: job.project_id });
    }
  }
}

/** An in-process queue forgets its jobs on restart; this re-queues whatever was left unfinished. */
@Injectable()
export class RequeueUnfinishedEvaluationsUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly queue: JobQueue,
    private readonly humanEvaluations: HumanEvaluationRepository,
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
