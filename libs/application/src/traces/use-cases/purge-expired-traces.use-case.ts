import { Injectable } from '@nestjs/common';
import { TraceRepository } from '../ports';

/**
 * Retention: traces (and their spans) older than `retentionDays` go, in every project, by whole weeks (a week's
 * partitions are dropped at once), so a trace is kept `retentionDays` and less than a week more.
 */
@Injectable()
export class PurgeExpiredTracesUseCase {
  constructor(private readonly traces: TraceRepository) {}

  execute(input: { retentionDays: number; now?: Date }): Promise<number> {
    const now = input.now ?? new Date();
    return this.traces.deleteWeeksBefore(new Date(now.getTime() - input.retentionDays * 86_400_000));
  }
}
