import type { Job } from '@crucible/contracts';

/**
 * What one delivery of a job answers its queue: the run is `done` (finished, stopped, or gone), or it gave its slot
 * back and must be delivered again `resumeAfterMs` from now (a wait between batches, or 0 after yielding its slot).
 * The queue schedules that; a run never sleeps in a slot.
 */
export type JobOutcome = { kind: 'done' } | { kind: 'resume_after'; resumeAfterMs: number };

export const JOB_DONE: JobOutcome = { kind: 'done' };

/** What the queue tells a running job between its batches. */
export interface JobSlot {
  /** Whether to give the slot back after the batch in flight (another project's job waits, or the process stops). */
  yieldRequested(): boolean;
}

export abstract class JobQueue {
  /**
   * Best effort and prompt: the run's row is the source of truth and the sweeper re-enqueues whatever has no live
   * job, so an adapter that cannot reach its broker within a short time-out logs and returns instead of hanging
   * or throwing. Enqueueing a job that is already live (queued, running, or waiting out a delay) is a no-op.
   */
  abstract enqueue(job: Job): Promise<void>;
  /**
   * Best effort: drops the job if it is queued or waiting out a delay (a cancelled run frees everything at once).
   * A running job is left alone; it stops at its next stop check.
   */
  abstract discard(job: Job): Promise<void>;
  /** Throws when the broker cannot be reached promptly (health checks, the sweeper). */
  abstract ping(): Promise<void>;
}
