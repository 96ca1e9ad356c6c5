import { Injectable } from '@nestjs/common';
import { TraceRepository } from '../ports';

/** Retention: traces (and their spans) older than `retentionDays` go, in every project. */
@Injectable()
export class PurgeExpiredTracesUseCase {
  constructor(private readonly traces: TraceRepository) {}

  execute(input: { retentionDays: number; now?: Date }): Promise<number> {
    const now = input.now ?? new Date();
    return this.traces.deleteStartedBefore(new Date(now.getTime() - input.retentionDays * 86_400_000));
  }
}
