import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type MetricsInterval, type TraceFilter, type TraceMetricsBucket } from '@crucible/domain';
import { TraceRepository } from '../ports';
import { assertScoreFilter } from '../score-filter';

const INTERVAL_MS: Record<MetricsInterval, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
/** Enough for a week by minute or years by day; more buckets than a chart can show is a mistake. */
export const MAX_METRIC_BUCKETS = 10_080;

export interface TraceMetrics {
  interval: MetricsInterval;
  from: Date;
  to: Date;
  buckets: TraceMetricsBucket[];
}

/** `GET /traces/metrics`: per minute/hour/day, count, errors, p50/p95 latency, tokens, cost, each score's mean. Default: the last 24 h by hour. */
@Injectable()
export class GetTraceMetricsUseCase {
  constructor(private readonly traces: TraceRepository) {}

  async execute(actor: Actor, filter: TraceFilter, interval: MetricsInterval = 'hour', now = new Date()): Promise<TraceMetrics> {
    assertScoreFilter(filter);
    const to = filter.to ?? now;
    const from = filter.from ?? new Date(to.getTime() - 86_400_000);
    if (from >= to) throw DomainError.invalidInput([{ field: ['from'], reason: '`from` must be before `to`', rule: 'invalid_value' }]);
    const buckets = (to.getTime() - from.getTime()) / INTERVAL_MS[interval];
    if (buckets > MAX_METRIC_BUCKETS) {
      throw DomainError.invalidInput([{
        field: ['interval'],
        reason: `${Math.ceil(buckets)} ${interval} buckets asked for; at most ${MAX_METRIC_BUCKETS}: choose a larger interval or a shorter range`,
        rule: 'invalid_value',
      }]);
    }
    return { interval, from, to, buckets: await this.traces.metrics(actor.projectId, { ...filter, from, to }, interval) };
  }
}
