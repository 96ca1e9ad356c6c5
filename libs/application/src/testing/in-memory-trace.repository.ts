import type {
  MetricsInterval, StoredTrace, TraceFilter, TraceMetricsBucket, TraceWithSpans,
} from '@crucible/domain';
import { type TraceCursor, type TracePage, TraceRepository } from '../traces/ports';

const INTERVAL_MS: Record<MetricsInterval, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const matches = (trace: StoredTrace, filter: TraceFilter): boolean =>
  (!filter.appId || trace.appId === filter.appId) && (!filter.environment || trace.environment === filter.environment)
  && (!filter.variantId || trace.variantId === filter.variantId) && (!filter.status || trace.status === filter.status)
  && (!filter.from || trace.startTime >= filter.from) && (!filter.to || trace.startTime < filter.to)
  && (!filter.search || JSON.stringify([trace.inputs, trace.output]).toLowerCase().includes(filter.search.toLowerCase()));

const newestFirst = (a: StoredTrace, b: StoredTrace) =>
  b.startTime.getTime() - a.startTime.getTime() || (a.traceId < b.traceId ? 1 : a.traceId > b.traceId ? -1 : 0);

/** Linear interpolation between closest ranks, as PostgreSQL's percentile_cont. */
function percentileCont(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** The trace store in memory, with the adapter's idempotency: a trace seen again only fills in what it lacked. */
export class InMemoryTraceRepository extends TraceRepository {
  readonly stored = new Map<string, TraceWithSpans>();

  async save(projectId: string, items: TraceWithSpans[]): Promise<{ traces: number; spans: number }> {
    let traces = 0;
    let spans = 0;
    for (const { trace, spans: incoming } of items) {
      const key = `${projectId}/${trace.traceId}`;
      const existing = this.stored.get(key);
      if (!existing) {
        this.stored.set(key, { trace: { ...trace, projectId }, spans: [...incoming] });
        traces += 1;
        spans += incoming.length;
        continue;
      }
      const { trace: kept } = existing;
      kept.appId ??= trace.appId;
      kept.variantId ??= trace.variantId;
      kept.variantRevisionId ??= trace.variantRevisionId;
      kept.environment ??= trace.environment;
      kept.route ??= trace.route;
      for (const span of incoming) {
        if (existing.spans.some((s) => s.spanId === span.spanId)) continue;
        existing.spans.push(span);
        spans += 1;
      }
    }
    return { traces, spans };
  }

  async list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage> {
    const after = page.after;
    const all = [...this.stored.values()].map((item) => item.trace)
      .filter((trace) => trace.projectId === projectId && matches(trace, filter)).sort(newestFirst)
      .filter((trace) => !after || newestFirst(trace, { ...trace, startTime: after.startTime, traceId: after.traceId }) > 0);
    const traces = all.slice(0, page.limit);
    const last = traces[traces.length - 1];
    return { traces, next: all.length > page.limit && last ? { startTime: last.startTime, traceId: last.traceId } : null };
  }

  async findById(projectId: string, traceId: string): Promise<TraceWithSpans | null> {
    return this.stored.get(`${projectId}/${traceId}`) ?? null;
  }

  async metrics(projectId: string, filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]> {
    const buckets = new Map<number, StoredTrace[]>();
    for (const { trace } of this.stored.values()) {
      if (trace.projectId !== projectId || !matches(trace, filter)) continue;
      const bucket = Math.floor(trace.startTime.getTime() / INTERVAL_MS[interval]) * INTERVAL_MS[interval];
      buckets.set(bucket, [...(buckets.get(bucket) ?? []), trace]);
    }
    return [...buckets.entries()].sort(([a], [b]) => a - b).map(([bucket, traces]) => ({
      bucket: new Date(bucket),
      count: traces.length,
      errors: traces.filter((trace) => trace.status === 'error').length,
      p50LatencyMs: percentileCont(traces.map((trace) => trace.latencyMs), 0.5),
      p95LatencyMs: percentileCont(traces.map((trace) => trace.latencyMs), 0.95),
      tokens: traces.reduce((sum, { tokens }) => ({
        prompt: sum.prompt + tokens.prompt, completion: sum.completion + tokens.completion, total: sum.total + tokens.total,
      }), { prompt: 0, completion: 0, total: 0 }),
      cost: traces.reduce((sum, trace) => sum + trace.cost, 0),
    }));
  }

  async deleteStartedBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (const [key, { trace }] of this.stored) {
      if (trace.startTime < cutoff) {
        this.stored.delete(key);
        deleted += 1;
      }
    }
    return deleted;
  }
}
