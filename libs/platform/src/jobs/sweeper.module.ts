import { type DynamicModule, Module } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RunDueOnlineExecutionsUseCase, SweepUnfinishedRunsUseCase } from '@crucible/application';
import { SweeperScheduler } from './sweeper.scheduler';
import { OnlineEvaluationDrainScheduler } from './online-evaluation-drain.scheduler';

/** Every process that runs jobs sweeps and drains due online evaluations (the embedded api, each workflow-runner); a distributed api does not import it. */
@Module({})
export class SweeperModule {
  static forRoot(intervalMs: number, onlineLeaseMs: number): DynamicModule {
    return {
      module: SweeperModule,
      providers: [{
        provide: SweeperScheduler,
        useFactory: (sweep: SweepUnfinishedRunsUseCase, schedules: SchedulerRegistry) => new SweeperScheduler(sweep, schedules, intervalMs),
        inject: [SweepUnfinishedRunsUseCase, SchedulerRegistry],
      }, {
        // Online evaluations are jobs too (ARCHITECTURE §13, §18): whoever sweeps, drains them.
        provide: OnlineEvaluationDrainScheduler,
        useFactory: (runDue: RunDueOnlineExecutionsUseCase, schedules: SchedulerRegistry) => new OnlineEvaluationDrainScheduler(runDue, schedules, onlineLeaseMs),
        inject: [RunDueOnlineExecutionsUseCase, SchedulerRegistry],
      }],
    };
  }
}
