import { z } from 'zod';

/*
 * Bounds far above what any call uses, which keep what the database adds up finite: PostgreSQL's sums fail on
 * overflow (`GET /traces/metrics` answered 500 once one trace said it cost 1e308 dollars), and a span's tokens are a
 * bigint.
 */
/** Tokens of one span or trace. */
export const MAX_TRACE_TOKENS = 1_000_000_000_000;
/** USD of one span or trace. */
export const MAX_TRACE_COST_USD = 1_000_000_000;
/** Milliseconds of one span or trace: a year. */
export const MAX_TRACE_LATENCY_MS = 365 * 24 * 3600 * 1000;

const tokenCount = z.number().int().nonnegative().max(MAX_TRACE_TOKENS);
export const traceCostSchema = z.number().nonnegative().max(MAX_TRACE_COST_USD);
export const traceLatencySchema = z.number().nonnegative().max(MAX_TRACE_LATENCY_MS);

export const tokenUsageSchema = z.object({ prompt: tokenCount, completion: tokenCount, total: tokenCount });
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export interface Span {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: 'workflow' | 'task' | 'llm' | 'embedding' | 'tool';
  status: 'ok' | 'error';
  start_time: string;
  end_time: string;
  latency_ms: number;
  inputs?: unknown;
  outputs?: unknown;
  error?: { message: string; stacktrace?: string };
  model?: string;
  tokens?: TokenUsage;
  cost?: number;
  /** What else the producer recorded (a built-in LLM span: provider, time to first token). */
  attributes?: Record<string, unknown>;
}

/**
 * The times a trace may carry: what both engines store (timestamptz, written as ISO 8601), years 1 to 9999. A time
 * past them (or no time at all) failed the write that stored the trace: a 500 on `POST /traces`, a failed evaluation.
 */
export const EARLIEST_TRACE_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_TRACE_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Date.parse answers NaN for what it cannot read, and NaN is within no range. */
const isTraceTime = (value: string): boolean => {
  const ms = Date.parse(value);
  return ms >= EARLIEST_TRACE_TIME_MS && ms <= LATEST_TRACE_TIME_MS;
};
const traceTimeSchema = z.string().refine(isTraceTime, 'must be a date-time from the year 1 to 9999, as 2026-11-27T14:00:00.000Z');

/** Ids are index keys: PostgreSQL refuses an index row over ~2.7 KB (a 500 on ingest), so they are kept short. */
export const TRACE_ID_MAX_LENGTH = 128;
const spanId = z.string().min(1).max(TRACE_ID_MAX_LENGTH);

export const spanSchema: z.ZodType<Span> = z.object({
  span_id: spanId,
  parent_span_id: spanId.nullable(),
  name: z.string(),
  kind: z.enum(['workflow', 'task', 'llm', 'embedding', 'tool']),
  status: z.enum(['ok', 'error']),
  start_time: traceTimeSchema,
  end_time: traceTimeSchema,
  latency_ms: traceLatencySchema,
  inputs: z.unknown().optional(),
  outputs: z.unknown().optional(),
  error: z.object({ message: z.string(), stacktrace: z.string().optional() }).optional(),
  model: z.string().optional(),
  tokens: tokenUsageSchema.optional(),
  cost: traceCostSchema.optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});

/** The trace every SDK call answers with; cost is USD, latency milliseconds. */
export const traceSchema = z.object({
  trace_id: z.string(),
  latency_ms: traceLatencySchema,
  cost: traceCostSchema,
  tokens: tokenUsageSchema,
  spans: z.array(spanSchema),
});
export type Trace = z.infer<typeof traceSchema>;
