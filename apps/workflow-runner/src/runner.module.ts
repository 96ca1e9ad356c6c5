import { type DynamicModule, Module } from '@nestjs/common';
import {
  EVALUATIONS_USE_CASES, HUMAN_EVALUATIONS_USE_CASES, JOBS_USE_CASES, ONLINE_EVALUATION_JOB_USE_CASES, PROMPTS_USE_CASES, REGISTRY_USE_CASES,
} from '@crucible/application';
import { type CoreConfig, CoreModule, SweeperModule } from '@crucible/platform';
import { QueueConsumerModule } from '@crucible/queue';
import type { BullMqSettings } from '@crucible/queue';
import { RunnerHealthController } from './health.controller';

/** The contexts a runner's jobs need: the runs themselves, the registry the evaluations context builds on, and online evaluations. */
const RUNNER_CONTEXTS = [JOBS_USE_CASES, EVALUATIONS_USE_CASES, HUMAN_EVALUATIONS_USE_CASES, REGISTRY_USE_CASES, PROMPTS_USE_CASES,
  ONLINE_EVALUATION_JOB_USE_CASES];

/** Its inbound adapters are the queue consumer, the sweeper and a health endpoint. */
@Module({})
export class RunnerModule {
  static forRoot(config: CoreConfig & { queue: { kind: 'bullmq' } & BullMqSettings }): DynamicModule {
    return {
      module: RunnerModule,
      imports: [
        CoreModule.forRoot(config, RUNNER_CONTEXTS),
        QueueConsumerModule.forRoot(config.queue),
        SweeperModule.forRoot(config.environment.CRUCIBLE_SWEEP_INTERVAL_MS, config.environment.CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS * 1000),
      ],
      controllers: [RunnerHealthController],
    };
  }
}
