import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job as BullJob, Worker } from 'bullmq';
import { DispatchJobUseCase, SettleFailedJobUseCase } from '@crucible/application';
import { type BullMqSettings, JOB_ATTEMPTS, redisConnection } from './bullmq-settings';

/**
 * Consumer side, started by the workflow-runner. A runner that dies leaves its job "stalled"; BullMQ hands
 * it to another runner after `lockDurationMs`, and the use case resumes from the rows already stored.
 */
@Injectable()
export class BullMqJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BullMqJobWorker');
  private worker: Worker | null = null;
  private lastErrorLog = 0;

  constructor(
    private readonly dispatch: DispatchJobUseCase,
    private readonly settle: SettleFailedJobUseCase,
    private readonly settings: BullMqSettings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(this.settings.queueName, (job) => this.process(job), {
      connection: redisConnection(this.settings.redisUrl),
      concurrency: this.settings.concurrency,
      lockDuration: this.settings.lockDurationMs,
      stalledInterval: Math.max(1000, Math.floor(this.settings.lockDurationMs / 2)),
      maxStalledCount: 10,
    });
    this.worker.on('error', (error) => {
      if (Date.now() - this.lastErrorLog < 10_000) return;
      this.lastErrorLog = Date.now();
      this.logger.warn(`queue worker: ${error.message}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  /** Throwing hands the job back to BullMQ: tried again after a back-off, or, on the last try, removed. */
  private async process(job: BullJob): Promise<void> {
    try {
      await this.dispatch.execute(job.data);
    } catch (error) {
      const attempt = { attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? JOB_ATTEMPTS };
      const outcome = await this.settle.execute(job.data, error, attempt);
      if (outcome === 'retry' || outcome === 'left_for_sweeper') throw error;
      this.logger.warn(`job ${job.id} ${outcome === 'run_failed' ? 'failed its run' : 'was dropped'}: ${(error as Error).message}`);
    }
  }
}
