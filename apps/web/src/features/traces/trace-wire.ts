// Wire shapes of the trace endpoints (ARCHITECTURE §14) as the api presents them.
export interface TokenCounts { prompt: number; completion: number; total: number }

interface TraceHead {
  trace_id: string; source: 'sdk' | 'otlp'; name: string; app_id: string | null; variant_id: string | null;
  variant_revision_id: string | null; environment: string | null; route: string | null; status: 'ok' | 'error';
  start_time: string; end_time: string; latency_ms: number; cost: number; tokens: TokenCounts; model: string | null;
  error: { message: string; stacktrace?: string } | null; span_count: number;
}

/** A list item: the start (500 characters) of the JSON text of inputs and output; the detail has them whole. */
export interface TraceSummary extends TraceHead {
  inputs_preview: string | null; inputs_truncated: boolean; output_preview: string | null; output_truncated: boolean;
}

export interface TraceSpan {
  span_id: string; parent_span_id: string | null; name: string; kind: string; status: 'ok' | 'error';
  start_time: string; end_time: string; latency_ms: number; inputs: unknown; outputs: unknown;
  error: { message: string; stacktrace?: string } | null; model: string | null; tokens: TokenCounts | null;
  cost: number | null; attributes: Record<string, unknown> | null; children: TraceSpan[];
}

/** One trace with the first page of its spans (`next_spans_cursor` when more follow). */
export interface TraceDetail extends TraceHead { inputs: unknown; output: unknown; spans: TraceSpan[]; next_spans_cursor: string | null }

export type MetricsInterval = 'minute' | 'hour' | 'day';

export interface TraceMetricsBucket {
  bucket: string; count: number; errors: number; p50_latency_ms: number | null; p95_latency_ms: number | null;
  tokens: TokenCounts; cost: number;
}

export interface TraceMetrics { interval: MetricsInterval; from: string; to: string; buckets: TraceMetricsBucket[] }
