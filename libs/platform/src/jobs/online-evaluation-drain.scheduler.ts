import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RunDueOnlineExecutionsUseCase, throttled } from '@crucible/application';

/** How often a process that runs jobs looks for due online evaluations when the last look found none. */
export const ONLINE_DRAIN_INTERVAL_MS = 500;

/**
 * Drains the online evaluations that are due (ARCHITECTURE §18) in every process that runs jobs: rounds follow each
 * other while they find work, then wait a tick. Claims are leased in the database, so several processes share the
 * backlog and one that dies leaves its claims to be taken again when their lease lapses.
 */
@Injectable()
export class OnlineEvaluationDrainScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OnlineEvaluations');
  private readonly warn = throttled(30_000, (message) => this.logger.warn(message));
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly runDue: RunDueOnlineExecutionsUseCase,
    private readonly schedules: SchedulerRegistry,
    private readonly leaseMs: number,
    private readonly intervalMs = ONLINE_DRAIN_INTERVAL_MS,
  ) {}

  onApplicationBootstrap(): void {
    // The schedule module clears it before shutdown.
    this.schedules.addInterval('online-evaluation-drain', setInterval(() => this.drain(), this.intervalMs).unref());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.draining;
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = (async () => {
      while (!this.stopped && (await this.runDue.execute(new Date(), this.leaseMs)) > 0) { /* another round while work is left */ }
    })()
      .catch((error: unknown) => this.warn(`online evaluations skipped a round: ${(error as Error).message}`))
      .finally(() => {
        this.draining = null;
      });
  }
}
