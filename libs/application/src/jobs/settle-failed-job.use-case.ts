import { Injectable } from '@nestjs/common';
import { type Job, jobSchema } from '@crucible/contracts';
import { DomainError } from '@crucible/domain';
import { EvaluationRepository } from '../evaluations/ports';
import { HumanEvaluationRepository } from '../human-evaluations/ports';
import { OutageClassifier } from './ports';

/**
 * - `retry`: try the job again (the queue's back-off).
 * - `run_failed`: the run now carries its failed state and the reason; the job is done.
 * - `left_for_sweeper`: a dependency is down; the job ends and the sweeper enqueues the run once it is back.
 * - `dropped`: the payload names no run.
 */
export type FailedJobOutcome = 'retry' | 'run_failed' | 'left_for_sweeper' | 'dropped';

export interface JobAttempt {
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
}

/**
 * What a job that threw means for its run. An outage never fails a run (its rows are safe and it resumes later);
 * a domain rule broken, or retries exhausted, moves it to its failed state with the reason, so nobody waits on it
 * forever. A run already in a final state keeps it.
 */
@Injectable()
export class SettleFailedJobUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly outages: OutageClassifier,
  ) {}

  async execute(payload: unknown, error: unknown, { attempt, maxAttempts }: JobAttempt): Promise<FailedJobOutcome> {
    const parsed = jobSchema.safeParse(payload);
    if (!parsed.success) return 'dropped';
    const canRetry = attempt < maxAttempts;
    if (this.outages.isOutage(error)) return canRetry ? 'retry' : 'left_for_sweeper';
    if (canRetry && !(error instanceof DomainError)) return 'retry';
    const message = error instanceof Error ? error.message : String(error);
    const reason = error instanceof DomainError ? message : `the job failed ${attempt} time(s); last error: ${message}`;
    try {
      await this.fail(parsed.data, reason);
      return 'run_failed';
    } catch (failure) {
      if (this.outages.isOutage(failure)) return 'left_for_sweeper';
      throw failure;
    }
  }

  private async fail(job: Job, message: string): Promise<void> {
    const change = { to: 'EVALUATION_FAILED' as const, error: { message } };
    if (job.kind === 'evaluation') await this.evaluations.moveStatus(job.project_id, job.evaluation_id, change);
    else await this.humanEvaluations.moveStatus(job.project_id, job.human_evaluation_id, change);
  }
}
