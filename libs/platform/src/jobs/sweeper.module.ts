import { type DynamicModule, Module } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { SweepUnfinishedRunsUseCase } from '@crucible/application';
import { SweeperScheduler } from './sweeper.scheduler';

/** Every process that runs jobs sweeps (the embedded api, each workflow-runner); a distributed api does not import it. */
@Module({})
export class SweeperModule {
  static forRoot(intervalMs: number): DynamicModule {
    return {
      module: SweeperModule,
      providers: [{
        provide: SweeperScheduler,
        useFactory: (sweep: SweepUnfinishedRunsUseCase, schedules: SchedulerRegistry) => new SweeperScheduler(sweep, schedules, intervalMs),
        inject: [SweepUnfinishedRunsUseCase, SchedulerRegistry],
      }],
    };
  }
}
