import type { Provider } from '@nestjs/common';
import { DispatchJobUseCase, JobQueue, SettleFailedJobUseCase } from '@crucible/application';
import { InProcessJobQueue } from './in-process-job-queue';
import type { BullMqSettings } from './bullmq-settings';

export type QueueConfig =
  | { kind: 'in-process'; concurrency: number }
  | ({ kind: 'bullmq'; consume: boolean } & BullMqSettings);

/** The worker is never injected; it is a provider only so Nest starts and stops it with the app. */
const BULLMQ_JOB_WORKER = Symbol('BullMqJobWorker');

/** Queue adapters for the shared core module: the api produces, a runner (or the api itself, in-process) consumes. */
export function queueProviders(config: QueueConfig): Provider[] {
  if (config.kind === 'in-process') {
    return [{
      provide: JobQueue,
      useFactory: (dispatch: DispatchJobUseCase, settle: SettleFailedJobUseCase) => new InProcessJobQueue(dispatch, settle, config.concurrency),
      inject: [DispatchJobUseCase, SettleFailedJobUseCase],
    }];
  }
  // bullmq (and ioredis) load only here: the embedded default never needs them.
  return [
    { provide: JobQueue, useFactory: async () => new (await import('./bullmq-job-queue')).BullMqJobQueue(config) },
    ...(config.consume
      ? [{
        provide: BULLMQ_JOB_WORKER,
        useFactory: async (dispatch: DispatchJobUseCase, settle: SettleFailedJobUseCase) =>
          new (await import('./bullmq-job-worker')).BullMqJobWorker(dispatch, settle, config),
        inject: [DispatchJobUseCase, SettleFailedJobUseCase],
      }]
      : []),
  ];
}
