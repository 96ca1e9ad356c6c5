import type { Logger } from 'pino';
import { type JobLabel, type RunCounts, RunReporter } from '@crucible/application';

export interface ProgressCadence {
  everyRows: number;
  everyMs: number;
}

/**
 * The runner's log of each job: picked up, progress after `everyRows` rows or `everyMs` (whichever comes
 * first), finished and failed, with counts; every line carries job_id and the run's id.
 */
export class PinoRunReporter extends RunReporter {
  private readonly lastReported = new Map<string, { stored: number; at: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly cadence: ProgressCadence,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  pickedUp(job: JobLabel, counts: RunCounts): void {
    this.lastReported.set(job.jobId, { stored: counts.stored, at: this.now() });
    this.logger.info({ ...idsOf(job), project_id: job.projectId, rows_stored: counts.stored, rows_total: counts.total },
      counts.stored > 0 ? `${job.kind} job picked up, resuming after ${counts.stored} of ${counts.total} rows` : `${job.kind} job picked up`);
  }

  progress(job: JobLabel, counts: RunCounts): void {
    const last = this.lastReported.get(job.jobId) ?? { stored: 0, at: this.now() };
    const due = counts.stored - last.stored >= this.cadence.everyRows || this.now() - last.at >= this.cadence.everyMs;
    if (!due || counts.stored >= counts.total) return;
    this.lastReported.set(job.jobId, { stored: counts.stored, at: this.now() });
    this.logger.info({ ...idsOf(job), rows_stored: counts.stored, rows_total: counts.total }, `${job.kind} progress: ${counts.stored}/${counts.total} rows`);
  }

  finished(job: JobLabel, outcome: RunCounts & { status: string }): void {
    this.lastReported.delete(job.jobId);
    this.logger.info({ ...idsOf(job), status: outcome.status, rows_stored: outcome.stored, rows_total: outcome.total },
      `${job.kind} job finished: ${outcome.status}, ${outcome.stored}/${outcome.total} rows`);
  }

  failed(job: JobLabel, error: unknown): void {
    this.lastReported.delete(job.jobId);
    this.logger.error({ ...idsOf(job), err: error }, `${job.kind} job failed: ${(error as Error).message}`);
  }
}

/**
 * Written on each line rather than carried by an AsyncLocalStorage: on Node 20 one that is in use puts a hook on
 * every promise the process makes, and cost the runner a sixth of the api's main thread per row.
 */
function idsOf(job: JobLabel): Record<string, string> {
  return { job_id: job.jobId, [job.kind === 'evaluation' ? 'evaluation_id' : 'human_evaluation_id']: job.runId };
}
