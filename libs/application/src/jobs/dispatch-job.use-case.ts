import { Injectable } from '@nestjs/common';
import { type Job, jobSchema } from '@crucible/contracts';
import { RunEvaluationUseCase } from '../evaluations/use-cases/run-evaluation.use-case';
import { RunHumanEvaluationUseCase } from '../human-evaluations/use-cases/run-human-evaluation.use-case';
import { type JobLabel, type JobOutcome, type JobSlot, JOB_DONE, RunReporter, jobLabelOf } from '../runs/ports';
import { ProjectRepository } from '../access/ports';

/**
 * Both queue adapters (BullMQ and in-process) hand every job here; the payload is parsed, never trusted. A job
 * that throws is reported and rethrown, so the queue's own retry rules still apply. A job answering `resume_after`
 * is delivered again by its queue then (the run waits between batches, or gave its slot to another project's job).
 * A job whose project was deleted under it (its rows went mid-batch, so a write failed) ends quietly: nothing is left
 * to retry or to fail, and nobody to tell.
 */
@Injectable()
export class DispatchJobUseCase {
  constructor(
    private readonly runEvaluation: RunEvaluationUseCase,
    private readonly runHumanEvaluation: RunHumanEvaluationUseCase,
    private readonly reporter: RunReporter,
    private readonly projects: ProjectRepository,
  ) {}

  async execute(payload: unknown, slot?: JobSlot): Promise<JobOutcome> {
    const job: Job = jobSchema.parse(payload);
    const label = labelOf(job);
    try {
      return await this.run(job, slot);
    } catch (error) {
      if (await this.projectGone(job.project_id)) return JOB_DONE;
      this.reporter.failed(label, error);
      throw error;
    }
  }

  /** Only a project known to be gone: when the database cannot say (an outage), the job's own error stands. */
  private async projectGone(projectId: string): Promise<boolean> {
    try {
      return (await this.projects.findById(projectId)) === null;
    } catch {
      return false;
    }
  }

  private run(job: Job, slot?: JobSlot): Promise<JobOutcome> {
    switch (job.kind) {
      case 'evaluation':
        return this.runEvaluation.execute({ evaluationId: job.evaluation_id, projectId: job.project_id }, slot);
      case 'human_evaluation':
        return this.runHumanEvaluation.execute({ humanEvaluationId: job.human_evaluation_id, projectId: job.project_id }, slot);
    }
  }
}

const labelOf = (job: Job): JobLabel => (job.kind === 'evaluation'
  ? jobLabelOf('evaluation', job.evaluation_id, job.project_id)
  : jobLabelOf('human_evaluation', job.human_evaluation_id, job.project_id));
