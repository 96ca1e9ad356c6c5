import type {
  MetricsInterval, StoredTrace, TraceFilter, TraceListItem, TraceMetricsBucket, TraceWithSpans,
} from '@crucible/domain';

/** Keyset position in the newest-first trace list. */
export interface TraceCursor {
  startTime: Date;
  traceId: string;
}

export interface TracePage {
  traces: TraceListItem[];
  /** Where the next page starts, or null on the last page. */
  next: TraceCursor | null;
}

/** Keyset position in a trace's spans, in start order. */
export interface SpanCursor {
  startTime: Date;
  spanId: string;
}

/** A trace with one page of its spans (in start order) and where the next page starts, or null on the last. */
export interface TraceWithSpanPage {
  trace: StoredTrace;
  spans: TraceWithSpans['spans'];
  nextSpans: SpanCursor | null;
}

export interface SavedTraces {
  /** Traces stored for the first time. */
  traces: number;
  /** Spans stored for the first time. */
  spans: number;
  /** Spans refused because their trace already held `maxSpansPerTrace`. */
  rejectedSpans: number;
}

export abstract class TraceRepository {
  /**
   * Stores traces and their spans, idempotent by trace and span id: a trace seen again keeps what it had and
   * fills in only what it lacked (app, variant, environment, route, session, user); spans seen again are ignored. A trace keeps at
   * most `maxSpansPerTrace` spans over all its batches; those past it are refused and counted. Traces whose source
   * is `otlp` get their totals recomputed from every stored span, since their spans may arrive over several batches.
   */
  abstract save(projectId: string, items: TraceWithSpans[], limits: { maxSpansPerTrace: number }): Promise<SavedTraces>;
  abstract list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage>;
  abstract findById(projectId: string, traceId: string, spans: { limit: number; after: SpanCursor | null }): Promise<TraceWithSpanPage | null>;
  /** Many traces at once, each with its first `spansPerTrace` spans in start order (what an evaluator reads); those not found are left out. */
  abstract findManyWithFirstSpans(projectId: string, traceIds: string[], spansPerTrace: number): Promise<Map<string, TraceWithSpans>>;
  abstract metrics(projectId: string, filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]>;
  /**
   * Deletes every project's traces (their spans, scores, queue items and online executions with them) of the weeks
   * (Monday to Sunday, UTC) before `cutoff`'s, a trace's day being the one it started on as first stored; returns how
   * many. Whole weeks go at once (a store partitioned by week drops their partitions), so a trace outlives `cutoff` by
   * less than a week.
   */
  abstract deleteWeeksBefore(cutoff: Date): Promise<number>;
  /** Readies the store for the traces of these UTC days (their weeks' partitions), where not ready yet; returns how many weeks were readied. */
  abstract prepareDays(days: Date[]): Promise<number>;
}
