import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job } from '@crucible/contracts';
import { DispatchJobUseCase, JOB_DONE, type JobOutcome, JobQueue, SettleFailedJobUseCase } from '@crucible/application';
import { ProjectSlots } from './project-slots';
import { type AfterCommit, atOnce } from './after-commit';

/** How long a stopping process lets the batches in flight end (they are asked to stop at once); the rest resume later. */
export const SHUTDOWN_GRACE_MS = 5000;

/**
 * The embedded mode's queue: jobs run in this process, a few at a time, shared fairly between projects (ProjectSlots).
 * Jobs live in memory only; the sweeper puts unfinished work back after a restart. A job queued, running, or waiting
 * out its delay between batches (a timer, holding no slot) is live: enqueueing it again is a no-op.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly waiting: Job[] = [];
  private readonly live = new Set<string>();
  private readonly delayed = new Map<string, NodeJS.Timeout>();
  private readonly slots = new ProjectSlots();
  private running = 0;
  private stopped = false;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly logger = new Logger('InProcessJobQueue');

  constructor(
    private readonly dispatch: DispatchJobUseCase,
    private readonly settle: SettleFailedJobUseCase,
    private readonly concurrency = 2,
    private readonly shutdownGraceMs = SHUTDOWN_GRACE_MS,
    private readonly afterCommit: AfterCommit = atOnce,
  ) {
    super();
  }

  enqueue(job: Job): Promise<void> {
    return this.afterCommit(() => this.enqueueNow(job));
  }

  discard(job: Job): Promise<void> {
    return this.afterCommit(() => this.discardNow(job));
  }

  private enqueueNow(job: Job): void {
    const key = jobKey(job);
    if (this.live.has(key)) return;
    this.live.add(key);
    this.waiting.push(job);
    this.pump();
  }

  private discardNow(job: Job): void {
    const key = jobKey(job);
    const timer = this.delayed.get(key);
    const queuedAt = this.waiting.findIndex((waiting) => jobKey(waiting) === key);
    if (timer) clearTimeout(timer);
    if (queuedAt >= 0) this.waiting.splice(queuedAt, 1);
    if (!timer && queuedAt < 0) return;
    this.delayed.delete(key);
    this.live.delete(key);
    this.notifyIfIdle();
  }

  /** Nothing to reach: the queue lives in this process. */
  async ping(): Promise<void> {}

  /** Resolves once nothing is queued or running; jobs waiting out a delay do not count (tests, graceful shutdown). */
  whenIdle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Jobs waiting out their delay between batches. */
  delayedJobs(): number {
    return this.delayed.size;
  }

  /** Running jobs stop after their batch in flight (their runs resume on the next start); a delay is not waited out. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    for (const timer of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
    if (this.running === 0) return;
    let grace: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => { grace = setTimeout(() => resolve(false), this.shutdownGraceMs); });
    const ended = await Promise.race([this.whenIdle().then(() => true), graceOver]);
    clearTimeout(grace);
    if (!ended) this.logger.warn(`${this.running} job(s) still running after ${this.shutdownGraceMs} ms; their runs resume on the next start`);
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency) {
      const job = this.slots.takeNext(this.waiting);
      if (!job) break;
      this.running += 1;
      void this.deliver(job).then((outcome) => {
        this.running -= 1;
        this.slots.released(job);
        this.afterDelivery(job, outcome);
        this.notifyIfIdle();
        this.pump();
      });
    }
    this.notifyIfIdle();
  }

  private async deliver(job: Job): Promise<JobOutcome> {
    const slot = { yieldRequested: () => this.stopped || this.slots.shouldGiveWay(job, this.waiting) };
    try {
      return await this.dispatch.execute(job, slot);
    } catch (error) {
      // One try in process: a failure is final for the run (an outage leaves it to the sweeper).
      try {
        const outcome = await this.settle.execute(job, error, { attempt: 1, maxAttempts: 1 });
        this.logger.warn(`job ${jobKey(job)} failed (${outcome}): ${(error as Error).message}`);
      } catch (failure) {
        this.logger.error(`job ${jobKey(job)}: ${(failure as Error).message}`);
      }
      return JOB_DONE;
    }
  }

  /** A run that paused is delivered again: at the back of the line at once, or when its delay ends. */
  private afterDelivery(job: Job, outcome: JobOutcome): void {
    const key = jobKey(job);
    if (outcome.kind === 'done' || this.stopped) {
      this.live.delete(key);
      return;
    }
    if (outcome.resumeAfterMs <= 0) {
      this.waiting.push(job);
      return;
    }
    const timer = setTimeout(() => {
      this.delayed.delete(key);
      this.waiting.push(job);
      this.pump();
    }, outcome.resumeAfterMs);
    // A delay never keeps the process alive; the sweeper resumes the run on the next start.
    timer.unref();
    this.delayed.set(key, timer);
  }

  private notifyIfIdle(): void {
    if (this.running === 0 && (this.waiting.length === 0 || this.stopped)) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }
}

export const jobKey = (job: Job): string =>
  job.kind === 'evaluation' ? `evaluation:${job.evaluation_id}` : `human_evaluation:${job.human_evaluation_id}`;
