import { type DynamicModule, Module } from '@nestjs/common';
import { DispatchJobUseCase, SettleFailedJobUseCase } from '@crucible/application';
import type { BullMqSettings } from './bullmq-settings';

/** The worker is never injected; it is a provider only so Nest starts and stops it with the app. */
const BULLMQ_JOB_WORKER = Symbol('BullMqJobWorker');

/** Takes jobs from the shared BullMQ queue and runs them; the workflow-runner imports it, a distributed api does not. */
@Module({})
export class QueueConsumerModule {
  static forRoot(settings: BullMqSettings): DynamicModule {
    return {
      module: QueueConsumerModule,
      providers: [{
        provide: BULLMQ_JOB_WORKER,
        useFactory: async (dispatch: DispatchJobUseCase, settle: SettleFailedJobUseCase) =>
          new (await import('./bullmq-job-worker')).BullMqJobWorker(dispatch, settle, settings),
        inject: [DispatchJobUseCase, SettleFailedJobUseCase],
      }],
    };
  }
}
