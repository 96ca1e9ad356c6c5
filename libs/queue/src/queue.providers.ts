import type { Provider } from '@nestjs/common';
import { DispatchJobUseCase, JobQueue, SettleFailedJobUseCase, UnitOfWork } from '@crucible/application';
import { InProcessJobQueue, SHUTDOWN_GRACE_MS } from './in-process-job-queue';
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
      useFactory: (dispatch: DispatchJobUseCase, settle: SettleFailedJobUseCase, unitOfWork: UnitOfWork) =>
        new InProcessJobQueue(dispatch, settle, config.concurrency, SHUTDOWN_GRACE_MS, (effect) => unitOfWork.afterCommit(effect)),
      inject: [DispatchJobUseCase, SettleFailedJobUseCase, UnitOfWork],
    }];
  }
  // bullmq (and ioredis) load only here: the embedded default never needs them.
  return [{
    provide: JobQueue,
    useFactory: async (unitOfWork: UnitOfWork) => new (await import('./bullmq-job-queue')).BullMqJobQueue(config, (effect) => unitOfWork.afterCommit(effect)),
    inject: [UnitOfWork],
  }];
}
