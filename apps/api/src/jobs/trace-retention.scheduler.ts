import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PeriodicJobLeadership, PrepareTraceDaysUseCase, PurgeExpiredTracesUseCase } from '@crucible/application';

/** Purges run hourly; CRUCIBLE_TRACE_RETENTION_DAYS sets how old a trace may get. */
export const TRACE_PURGE_EVERY_MS = 3_600_000;

export const TRACE_JOB_HERE = 'this api process runs the trace store\'s periodic job (partitions, retention)';
export const TRACE_JOB_ELSEWHERE = 'another api process runs the trace store\'s periodic job';

export interface TraceRetention {
  /** Traces older than this many days are deleted; 0 keeps them forever. */
  days: number;
  /** How often the purge runs. */
  everyMs: number;
}

/**
 * The periodic job of the trace store: once at start, then every `everyMs`, it makes the coming weeks' partitions (kept
 * traces are partitioned too: a store that turns retention on later drops whole weeks) and enforces retention. Every
 * api process schedules it, and the one that leads (PeriodicJobLeadership) runs it: N workers would otherwise race
 * each other's partition DDL and purges N times an hour. A tick of another process is the lead's next taker.
 */
@Injectable()
export class TraceRetentionScheduler implements OnApplicationBootstrap {
  /** Unknown until the first answer, so each process says once which it is. */
  private leading: boolean | null = null;

  constructor(
    private readonly prepare: PrepareTraceDaysUseCase,
    private readonly purge: PurgeExpiredTracesUseCase,
    private readonly schedules: SchedulerRegistry,
    private readonly leadership: PeriodicJobLeadership,
    private readonly retention: TraceRetention,
    private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.runOnce();
    // The schedule module clears it before shutdown.
    this.schedules.addInterval('trace-retention', setInterval(() => void this.runOnce(), this.retention.everyMs).unref());
  }

  /** Returns how many traces were deleted; null when another process leads (or the database cannot say who does). */
  async runOnce(): Promise<number | null> {
    try {
      const leads = await this.leadership.leads();
      // Said when it changes, so the log tells which process of several runs the job.
      if (leads !== this.leading) {
        this.logger.info(leads ? TRACE_JOB_HERE : TRACE_JOB_ELSEWHERE);
        this.leading = leads;
      }
      if (!leads) return null;
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
