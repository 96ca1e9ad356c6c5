import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PrepareTraceDaysUseCase, PurgeExpiredTracesUseCase } from '@crucible/application';

/** Purges run hourly; CRUCIBLE_TRACE_RETENTION_DAYS sets how old a trace may get. */
export const TRACE_PURGE_EVERY_MS = 3_600_000;

export interface TraceRetention {
  /** Traces older than this many days are deleted; 0 keeps them forever. */
  days: number;
  /** How often the purge runs. */
  everyMs: number;
}

/**
 * The periodic job of the trace store: once at start, then every `everyMs`, it makes the coming weeks' partitions (kept
 * traces are partitioned too: a store that turns retention on later drops whole weeks) and enforces retention.
 */
@Injectable()
export class TraceRetentionScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly prepare: PrepareTraceDaysUseCase,
    private readonly purge: PurgeExpiredTracesUseCase,
    private readonly schedules: SchedulerRegistry,
    private readonly retention: TraceRetention,
    private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.runOnce();
    // The schedule module clears it before shutdown.
    this.schedules.addInterval('trace-retention', setInterval(() => void this.runOnce(), this.retention.everyMs).unref());
  }

  /** Returns how many traces were deleted. */
  async runOnce(): Promise<number> {
    try {
      await this.prepare.execute();
      if (this.retention.days === 0) return 0;
      const deleted = await this.purge.execute({ retentionDays: this.retention.days });
      if (deleted > 0) this.logger.info({ deleted, retention_days: this.retention.days }, 'deleted expired traces');
      return deleted;
    } catch (error) {
      this.logger.warn({ err: { message: (error as Error).message } }, 'trace retention purge failed; will try again');
      return 0;
    }
  }
}
