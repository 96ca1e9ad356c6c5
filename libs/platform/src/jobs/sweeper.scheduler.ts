import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { AnswerOnceUseCase, SettleFailedJobUseCase, SweepUnfinishedRunsUseCase } from '@crucible/application';
import type { QueueConfig } from '@crucible/queue';
import { ConfigService } from '@nestjs/config';
import { type CrucibleConfigService, environmentOf } from '../config/crucible-config.module';

/**
 * Runs the sweeper at start and then every few seconds, in every process that runs jobs (the embedded api,
 * each workflow-runner). One round at a time; an outage only skips rounds.
 */
@Injectable()
export class SweeperScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sweeper');
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;
  private lastFailureLog = 0;

  constructor(
    private readonly sweep: SweepUnfinishedRunsUseCase,
    private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.runRound();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round;
  }

  private runRound(): void {
    this.round = this.sweep.execute()
      .then((enqueued) => {
        if (enqueued) this.logger.log(`enqueued ${enqueued} unfinished run(s) again (a live job is left as it is)`);
      })
      .catch((error: unknown) => {
        if (Date.now() - this.lastFailureLog < 30_000) return;
        this.lastFailureLog = Date.now();
        this.logger.warn(`sweep skipped: ${(error as Error).message}`);
      })
      .finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(() => this.runRound(), this.intervalMs);
        this.timer.unref();
      });
  }
}

/** The use cases of ARCHITECTURE §13 (jobs that cannot be lost). */
export const JOB_USE_CASES: Provider[] = [SweepUnfinishedRunsUseCase, SettleFailedJobUseCase, AnswerOnceUseCase];

/**
 * Every process that runs jobs sweeps: the embedded api, each workflow-runner; a distributed api does not.
 * The interval is CRUCIBLE_SWEEP_INTERVAL_MS unless the caller sets one (tests).
 */
export function sweeperProviders(queue: QueueConfig, intervalMs?: number): Provider[] {
  if (queue.kind === 'bullmq' && !queue.consume) return [];
  return [{
    provide: SweeperScheduler,
    useFactory: (sweep: SweepUnfinishedRunsUseCase, config: CrucibleConfigService) =>
      new SweeperScheduler(sweep, intervalMs ?? environmentOf(config).CRUCIBLE_SWEEP_INTERVAL_MS),
    inject: [SweepUnfinishedRunsUseCase, ConfigService],
  }];
}
