import type { Job } from '@crucible/contracts';

export abstract class JobQueue {
  /**
   * Best effort and prompt: the run's row is the source of truth and the sweeper re-enqueues whatever has no live
   * job, so an adapter that cannot reach its broker within a short time-out logs and returns instead of hanging
   * or throwing. Enqueueing a job that is already live is a no-op.
   */
  abstract enqueue(job: Job): Promise<void>;
  /** Throws when the broker cannot be reached promptly (health checks, the sweeper). */
  abstract ping(): Promise<void>;
}
