import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job as BullJob, DelayedError, Queue, Worker } from 'bullmq';
import type { Job } from '@crucible/contracts';
import { DispatchJobUseCase, type JobSlot, SettleFailedJobUseCase, throttled } from '@crucible/application';
import { type BullMqSettings, JOB_ATTEMPTS, redisConnection } from './bullmq-settings';
import { SHUTDOWN_GRACE_MS } from './in-process-job-queue';

/** How often a runner with jobs in flight looks for other projects' jobs waiting (a job gives its slot to them). */
const WAITING_POLL_MS = 1000;
/** Waiting jobs looked at per poll: enough to see another project's job behind a backlog of a few. */
const WAITING_LOOKED_AT = 100;

/**
 * Consumer side, started by the workflow-runner. A runner that dies leaves its job "stalled"; BullMQ hands
 * it to another runner after `lockDurationMs`, and the use case resumes from the rows already stored. A run that
 * pauses (a delay between batches, or giving way to another project's waiting job after a batch) goes back to the
 * queue as a delayed job with the same id: it holds no slot, the sweeper's enqueue of it stays a no-op, and a cancel
 * removes it.
 */
@Injectable()
export class BullMqJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BullMqJobWorker');
  private worker: Worker | null = null;
  private waitingLookup: Queue | null = null;
  /** From the last poll: the projects of jobs waiting for a slot, and how many jobs each project runs (all runners). */
  private waitingProjects = new Set<string>();
  private activeByProject = new Map<string, number>();
  private poller: NodeJS.Timeout | null = null;
  private active = 0;
  private closing = false;
  private readonly logThrottled = throttled(10_000, (message) => this.logger.warn(message));

  constructor(
    private readonly dispatch: DispatchJobUseCase,
    private readonly settle: SettleFailedJobUseCase,
    private readonly settings: BullMqSettings,
    private readonly shutdownGraceMs = SHUTDOWN_GRACE_MS,
  ) {}

  onApplicationBootstrap(): void {
    const connection = redisConnection(this.settings.redisUrl);
    this.waitingLookup = new Queue(this.settings.queueName, { connection });
    this.waitingLookup.on('error', (error) => this.logThrottled(`queue lookup: ${error.message}`));
    this.worker = new Worker(this.settings.queueName, (job, token) => this.process(job, token), {
      connection,
      concurrency: this.settings.concurrency,
      lockDuration: this.settings.lockDurationMs,
      stalledInterval: Math.max(1000, Math.floor(this.settings.lockDurationMs / 2)),
      maxStalledCount: 10,
    });
    this.worker.on('error', (error) => this.logThrottled(`queue worker: ${error.message}`));
  }

  /** Jobs in flight give their slot back after their batch; past the grace, they are left to be re-delivered (stalled). */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.poller) clearTimeout(this.poller);
    let grace: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => { grace = setTimeout(() => resolve(false), this.shutdownGraceMs); });
    const closed = await Promise.race([this.worker?.close().then(() => true) ?? Promise.resolve(true), graceOver]);
    clearTimeout(grace);
    if (!closed) {
      this.logger.warn(`${this.active} job(s) still running after ${this.shutdownGraceMs} ms; another runner resumes them`);
      await this.worker?.close(true);
    }
    await this.waitingLookup?.close();
  }

  /** Throwing hands the job back to BullMQ: tried again after a back-off, or, on the last try, removed. */
  private async process(job: BullJob, token?: string): Promise<void> {
    this.active += 1;
    if (this.active === 1) this.pollWaiting();
    try {
      const outcome = await this.dispatch.execute(job.data, this.slotFor(job.data as Job));
      if (outcome.kind === 'resume_after') {
        await job.moveToDelayed(Date.now() + outcome.resumeAfterMs, token);
        // Tells BullMQ the job was moved, neither finished nor failed (and counts no attempt).
        throw new DelayedError();
      }
    } catch (error) {
      if (error instanceof DelayedError) throw error;
      const attempt = { attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? JOB_ATTEMPTS };
      const outcome = await this.settle.execute(job.data, error, attempt);
      if (outcome === 'retry' || outcome === 'left_for_sweeper') throw error;
      this.logger.warn(`job ${job.id} ${outcome === 'run_failed' ? 'failed its run' : 'was dropped'}: ${(error as Error).message}`);
    } finally {
      this.active -= 1;
    }
  }

  /**
   * The in-process queue's rule, on the last poll's view: give way to a waiting job whose project runs fewer jobs than
   * this one's. BullMQ hands out jobs oldest first (no groups without BullMQ Pro), so the one that gave way goes to the
   * back of the line and each job of a backlog ahead of another project's job runs at most one batch before it.
   */
  private slotFor(job: Job): JobSlot {
    const activeOf = (project: string) => this.activeByProject.get(project) ?? 0;
    return {
      yieldRequested: () => this.closing
        || [...this.waitingProjects].some((project) => project !== job.project_id && activeOf(project) < activeOf(job.project_id)),
    };
  }

  /** While jobs run, keeps `waitingProjects` and `activeByProject` current. */
  private pollWaiting(): void {
    if (this.poller || this.closing) return;
    const poll = async () => {
      try {
        const [waiting, active] = await Promise.all([
          this.waitingLookup!.getJobs(['wait', 'prioritized'], 0, WAITING_LOOKED_AT - 1),
          this.waitingLookup!.getJobs(['active']),
        ]);
        const projectOf = (job: BullJob | undefined) => (job ? [(job.data as Job).project_id] : []);
        this.waitingProjects = new Set(waiting.flatMap(projectOf));
        this.activeByProject = new Map();
        for (const project of active.flatMap(projectOf)) this.activeByProject.set(project, (this.activeByProject.get(project) ?? 0) + 1);
      } catch (error) {
        this.logThrottled(`looking at waiting jobs: ${(error as Error).message}`);
      }
      this.poller = null;
      if (this.active > 0 && !this.closing) {
        this.poller = setTimeout(() => void poll(), WAITING_POLL_MS);
        this.poller.unref();
      } else {
        this.waitingProjects.clear();
        this.activeByProject.clear();
      }
    };
    this.poller = setTimeout(() => void poll(), 0);
  }
}
