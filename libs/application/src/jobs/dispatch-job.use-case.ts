import { Injectable } from '@nestjs/common';
import { type Job, jobSchema } from '@crucible/contracts';
import { RunEvaluationUseCase } from '../evaluations/use-cases/run-evaluation.use-case';
import { RunHumanEvaluationUseCase } from '../human-evaluations/use-cases/run-human-evaluation.use-case';
import { type JobLabel, RunReporter, jobLabelOf } from '../runs/ports';

/**
 * Both queue adapters (BullMQ and in-process) hand every job here; the payload is parsed, never trusted. A job
 * that throws is reported and rethrown, so the queue's own retry rules still apply.
 */
@Injectable()
export class DispatchJobUseCase {
  constructor(
    private readonly runEvaluation: RunEvaluationUseCase,
    private readonly runHumanEvaluation: RunHumanEvaluationUseCase,
    private readonly reporter: RunReporter,
  ) {}

  async execute(payload: unknown): Promise<void> {
    const job: Job = jobSchema.parse(payload);
    const label = labelOf(job);
    try {
      await this.run(job);
    } catch (error) {
      this.reporter.failed(label, error);
      throw error;
    }
  }

  private run(job: Job): Promise<void> {
    switch (job.kind) {
      case 'evaluation':
        return this.runEvaluation.execute({ evaluationId: job.evaluation_id, projectId: job.project_id });
      case 'human_evaluation':
        return this.runHumanEvaluation.execute({ humanEvaluationId: job.human_evaluation_id, projectId: job.project_id });
    }
  }
}

const labelOf = (job: Job): JobLabel => (job.kind === 'evaluation'
  ? jobLabelOf('evaluation', job.evaluation_id, job.project_id)
  : jobLabelOf('human_evaluation', job.human_evaluation_id, job.project_id));
