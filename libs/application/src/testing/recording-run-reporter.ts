import { type JobLabel, type RunCounts, RunReporter } from '../runs/ports';

export type ReportedEvent =
  | { event: 'picked_up' | 'progress'; jobId: string; counts: RunCounts }
  | { event: 'finished'; jobId: string; counts: RunCounts & { status: string } }
  | { event: 'failed'; jobId: string; message: string };

/** Keeps every report, in order, for a test to read. */
export class RecordingRunReporter extends RunReporter {
  readonly events: ReportedEvent[] = [];

  pickedUp(job: JobLabel, counts: RunCounts): void {
    this.events.push({ event: 'picked_up', jobId: job.jobId, counts });
  }

  progress(job: JobLabel, counts: RunCounts): void {
    this.events.push({ event: 'progress', jobId: job.jobId, counts });
  }

  finished(job: JobLabel, counts: RunCounts & { status: string }): void {
    this.events.push({ event: 'finished', jobId: job.jobId, counts });
  }

  failed(job: JobLabel, error: unknown): void {
    this.events.push({ event: 'failed', jobId: job.jobId, message: (error as Error).message });
  }

  of(jobId: string): ReportedEvent[] {
    return this.events.filter((e) => e.jobId === jobId);
  }
}
