import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { SweepUnfinishedRunsUseCase, throttled } from '@crucible/application';

/**
 * Runs the sweeper at start and then every `intervalMs`, in every process that runs jobs (the embedded api, each
 * workflow-runner). One round at a time: a tick while a round still runs (an outage's slow time-outs) is skipped.
 */
@Injectable()
export class SweeperScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sweeper');
  private readonly warn = throttled(30_000, (message) => this.logger.warn(message));
  private round: Promise<void> | null = null;

  constructor(
    private readonly sweep: SweepUnfinishedRunsUseCase,
    private readonly schedules: SchedulerRegistry,
    private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.runRound();
    // The schedule module clears it before shutdown.
    this.schedules.addInterval('sweeper', setInterval(() => this.runRound(), this.intervalMs).unref());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.round;
  }

  private runRound(): void {
    if (this.round) return;
    this.round = this.sweep.execute()
      .then((enqueued) => {
        if (enqueued) this.logger.log(`enqueued ${enqueued} unfinished run(s) again (a live job is left as it is)`);
      })
      .catch((error: unknown) => this.warn(`sweep skipped: ${(error as Error).message}`))
      .finally(() => {
        this.round = null;
      });
  }
}
