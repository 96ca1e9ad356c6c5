import type {
  MetricsInterval, StoredTrace, TraceFilter, TraceMetricsBucket, TraceWithSpans,
} from '@crucible/domain';

/** Keyset position in the newest-first trace list. */
export interface TraceCursor {
  startTime: Date;
  traceId: string;
}

export interface TracePage {
  traces: StoredTrace[];
  /** Where the next page starts, or null on the last page. */
  next: TraceCursor | null;
}

export abstract class TraceRepository {
  /**
   * Stores traces and their spans, idempotent by trace and span id: a trace seen again keeps what it had and
   * fills in only what it lacked (app, variant, environment, route); spans seen again are ignored. Traces
   * whose source is `otlp` get their totals recomputed from every stored span, since their spans may
   * arrive over several batches.
   */
  abstract save(projectId: string, items: TraceWithSpans[]): Promise<{ traces: number; spans: number }>;
  abstract list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage>;
  abstract findById(projectId: string, traceId: string): Promise<TraceWithSpans | null>;
  abstract metrics(projectId: string, filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]>;
  /** Deletes every project's traces (and their spans) that started before `cutoff`; returns how many. */
  abstract deleteStartedBefore(cutoff: Date): Promise<number>;
}
