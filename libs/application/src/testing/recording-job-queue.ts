import type { Job } from '@crucible/contracts';
import { JobQueue } from '../runs/ports';

/** Keeps what was enqueued and discarded, in order, for a test to run or inspect. */
export class RecordingJobQueue extends JobQueue {
  readonly jobs: Job[] = [];
  readonly discarded: Job[] = [];

  async enqueue(job: Job): Promise<void> {
    this.jobs.push(job);
  }

  async discard(job: Job): Promise<void> {
    this.discarded.push(job);
  }

  async ping(): Promise<void> {}
}
