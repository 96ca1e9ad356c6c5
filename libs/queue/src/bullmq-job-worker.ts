import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { DispatchJobUseCase } from '@crucible/application';
import { type BullMqSettings, redisConnection } from './bullmq-settings';

/**
 * Consumer side, started by the workflow-runner. A runner that dies leaves its job "stalled"; BullMQ hands
 * it to another runner after `lockDurationMs`, and the use case resumes from the rows already stored.
 */
@Injectable()
export class BullMqJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;

  constructor(
    private readonly dispatch: DispatchJobUseCase,
    private readonly settings: BullMqSettings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(this.settings.queueName, (job) => this.dispatch.execute(job.data), {
      connection: redisConnection(this.settings.redisUrl),
      concurrency: this.settings.concurrency,
      lockDuration: this.settings.lockDurationMs,
      stalledInterval: Math.max(1000, Math.floor(this.settings.lockDurationMs / 2)),
      maxStalledCount: 10,
    });
    this.worker.on('error', (error) => process.emitWarning(`queue worker error: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
