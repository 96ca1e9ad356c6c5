import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job } from '@crucible/contracts';
import { DispatchJobUseCase, JobQueue, SettleFailedJobUseCase } from '@crucible/application';

/**
 * The embedded mode's queue: jobs run in this process, a few at a time. Jobs live in memory only; the sweeper
 * puts unfinished work back after a restart. A job queued or running is live: enqueueing it again is a no-op.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly waiting: Job[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private stopped = false;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly logger = new Logger('InProcessJobQueue');

  constructor(
    private readonly dispatch: DispatchJobUseCase,
    private readonly settle: SettleFailedJobUseCase,
    private readonly concurrency = 2,
  ) {
    super();
  }

  async enqueue(job: Job): Promise<void> {
    const key = jobKey(job);
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.waiting.push(job);
    this.pump();
  }

  /** Nothing to reach: the queue lives in this process. */
  async ping(): Promise<void> {}

  /** Resolves once nothing is queued or running (tests, graceful shutdown). */
  whenIdle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    if (this.running > 0) await this.whenIdle();
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running += 1;
      void this.dispatch.execute(job)
        // One try in process: a failure is final for the run (an outage leaves it to the sweeper).
        .catch((error: unknown) => this.settle.execute(job, error, { attempt: 1, maxAttempts: 1 })
          .then((outcome) => this.logger.warn(`job ${jobKey(job)} failed (${outcome}): ${(error as Error).message}`)))
        .catch((error: unknown) => this.logger.error(`job ${jobKey(job)}: ${(error as Error).message}`))
        .finally(() => {
          this.running -= 1;
          this.queued.delete(jobKey(job));
          if (this.running === 0 && this.waiting.length === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
          this.pump();
        });
    }
    if (this.stopped && this.running === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }
}

export const jobKey = (job: Job): string =>
  job.kind === 'evaluation' ? `evaluation:${job.evaluation_id}` : `human_evaluation:${job.human_evaluation_id}`;
