import type { Provider } from '@nestjs/common';
import { DispatchJobUseCase, JobQueue, SettleFailedJobUseCase } from '@crucible/application';
import { InProcessJobQueue } from './in-process-job-queue';
import type { BullMqSettings } from './bullmq-settings';

export type QueueConfig = { kind: 'in-process'; concurrency: number } | ({ kind: 'bullmq' } & BullMqSettings);

/**
 * The producer side, for the core module. In-process, the queue runs its jobs itself; over BullMQ a process
 * consumes only if it imports QueueConsumerModule (the workflow-runner).
 */
export function queueProviders(config: QueueConfig): Provider[] {
  if (config.kind === 'in-process') {
    return [{
      provide: JobQueue,
      useFactory: (dispatch: DispatchJobUseCase, settle: SettleFailedJobUseCase) => new InProcessJobQueue(dispatch, settle, config.concurrency),
      inject: [DispatchJobUseCase, SettleFailedJobUseCase],
    }];
  }
  // bullmq (and ioredis) load only here: the embedded default never needs them.
  return [{ provide: JobQueue, useFactory: async () => new (await import('./bullmq-job-queue')).BullMqJobQueue(config) }];
}
