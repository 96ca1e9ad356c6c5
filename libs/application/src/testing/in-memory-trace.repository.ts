import {
  type MetricsInterval, type StoredTrace, TRACE_PREVIEW_LENGTH, type TextPreview, type TraceFilter, type TraceListItem,
  type TraceMetricsBucket, type TraceWithSpans,
} from '@crucible/domain';
import {
  type SavedTraces, type SpanCursor, type TraceCursor, type TracePage, TraceRepository, type TraceWithSpanPage,
} from '../traces/ports';

const INTERVAL_MS: Record<MetricsInterval, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const matches = (trace: StoredTrace, filter: TraceFilter): boolean =>
  (!filter.appId || trace.appId === filter.appId) && (!filter.environment || trace.environment === filter.environment)
  && (!filter.variantId || trace.variantId === filter.variantId)
  && (!filter.sessionId || trace.sessionId === filter.sessionId) && (!filter.userId || trace.userId === filter.userId) && (!filter.status || trace.status === filter.status)
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

const previewOf = (value: unknown): TextPreview | null => {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value);
  return { text: text.slice(0, TRACE_PREVIEW_LENGTH), truncated: text.length > TRACE_PREVIEW_LENGTH };
};

const listItemOf = ({ inputs, output, ...summary }: StoredTrace): TraceListItem =>
  ({ ...summary, inputsPreview: previewOf(inputs), outputPreview: previewOf(output) });

const spanOrder = (a: { startTime: Date; spanId: string }, b: { startTime: Date; spanId: string }) =>
  a.startTime.getTime() - b.startTime.getTime() || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);

/** The trace store in memory, with the adapter's idempotency: a trace seen again only fills in what it lacked. */
export class InMemoryTraceRepository extends TraceRepository {
  readonly stored = new Map<string, TraceWithSpans>();

  async save(projectId: string, items: TraceWithSpans[], limits: { maxSpansPerTrace: number }): Promise<SavedTraces> {
    let traces = 0;
    let spans = 0;
    let rejectedSpans = 0;
    for (const { trace, spans: incoming } of items) {
      const key = `${projectId}/${trace.traceId}`;
      const existing = this.stored.get(key);
      if (!existing) {
        const kept = incoming.slice(0, limits.maxSpansPerTrace);
        this.stored.set(key, { trace: { ...trace, projectId }, spans: kept });
        traces += 1;
        spans += kept.length;
        rejectedSpans += incoming.length - kept.length;
        continue;
      }
      const { trace: kept } = existing;
      kept.appId ??= trace.appId;
      kept.variantId ??= trace.variantId;
      kept.variantRevisionId ??= trace.variantRevisionId;
      kept.environment ??= trace.environment;
      kept.route ??= trace.route;
      kept.sessionId ??= trace.sessionId;
      kept.userId ??= trace.userId;
      for (const span of incoming) {
        if (existing.spans.some((s) => s.spanId === span.spanId)) continue;
        if (existing.spans.length >= limits.maxSpansPerTrace) {
          rejectedSpans += 1;
          continue;
        }
        existing.spans.push(span);
        spans += 1;
      }
    }
    return { traces, spans, rejectedSpans };
  }

  async list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage> {
    const after = page.after;
    const all = [...this.stored.values()].map((item) => item.trace)
      .filter((trace) => trace.projectId === projectId && matches(trace, filter)).sort(newestFirst)
      .filter((trace) => !after || newestFirst(trace, { ...trace, startTime: after.startTime, traceId: after.traceId }) > 0);
    const traces = all.slice(0, page.limit);
    const last = traces[traces.length - 1];
    return { traces: traces.map(listItemOf), next: all.length > page.limit && last ? { startTime: last.startTime, traceId: last.traceId } : null };
  }

  async findById(projectId: string, traceId: string, page: { limit: number; after: SpanCursor | null }): Promise<TraceWithSpanPage | null> {
    const found = this.stored.get(`${projectId}/${traceId}`);
    if (!found) return null;
    const after = page.after;
    const ordered = [...found.spans].sort(spanOrder).filter((span) => !after || spanOrder(span, after) > 0);
    const spans = ordered.slice(0, page.limit);
    const last = spans[spans.length - 1];
    return { trace: found.trace, spans, nextSpans: ordered.length > page.limit && last ? { startTime: last.startTime, spanId: last.spanId } : null };
  }

  async findManyWithFirstSpans(projectId: string, traceIds: string[], spansPerTrace: number): Promise<Map<string, TraceWithSpans>> {
    const found = new Map<string, TraceWithSpans>();
    for (const traceId of traceIds) {
      const stored = this.stored.get(`${projectId}/${traceId}`);
      if (stored) found.set(traceId, { trace: stored.trace, spans: [...stored.spans].sort(spanOrder).slice(0, spansPerTrace) });
    }
    return found;
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
      // Scores live in their own repository; this fake stores none.
      scores: {},
    }));
  }

  async deleteWeeksBefore(cutoff: Date): Promise<number> {
    const day = Math.floor(cutoff.getTime() / 86_400_000) * 86_400_000;
    const firstKept = day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000;
    let deleted = 0;
    for (const [key, { trace }] of this.stored) {
      if (trace.startTime.getTime() < firstKept) {
        this.stored.delete(key);
        deleted += 1;
      }
    }
    return deleted;
  }

  /** Memory needs no partitions: nothing to ready. */
  async prepareDays(): Promise<number> {
    return 0;
  }
}
