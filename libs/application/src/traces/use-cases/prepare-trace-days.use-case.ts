import { Injectable } from '@nestjs/common';
import { TraceRepository } from '../ports';

/** Days ahead of today whose weeks' partitions are made before their traces come (the trace job runs hourly). */
export const TRACE_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;

/**
 * Readies the trace store for today's traces and those of the next TRACE_DAYS_AHEAD days (their weeks' partitions), so
 * the traces of a week are stored in its own partitions, which retention drops whole. Traces of a week not readied
 * still land (in the default partition) and retention deletes them row by row.
 */
@Injectable()
export class PrepareTraceDaysUseCase {
  constructor(private readonly traces: TraceRepository) {}

  execute(input: { now?: Date } = {}): Promise<number> {
    const today = Math.floor((input.now ?? new Date()).getTime() / DAY_MS) * DAY_MS;
    return this.traces.prepareDays(Array.from({ length: TRACE_DAYS_AHEAD + 1 }, (_, i) => new Date(today + i * DAY_MS)));
  }
}
