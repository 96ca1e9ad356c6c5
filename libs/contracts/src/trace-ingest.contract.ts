import { z } from 'zod';
import { spanSchema, tokenUsageSchema, traceCostSchema, traceLatencySchema } from './trace.contract';

/** At most this many traces per `POST /traces` batch, and spans per batch on either ingest path. */
export const TRACE_BATCH_MAX_TRACES = 500;
export const TRACE_BATCH_MAX_SPANS = 20_000;

const identifier = z.string().min(1).max(128);

/**
 * One call of a workflow service as the SDK exports it (ARCHITECTURE §14): the trace the call answered
 * with, plus where it ran. Inputs and output are the root span's, already redacted by the SDK.
 */
export const traceRecordSchema = z.object({
  trace_id: identifier,
  latency_ms: traceLatencySchema,
  cost: traceCostSchema,
  tokens: tokenUsageSchema,
  spans: z.array(spanSchema).min(1),
  app_id: identifier.nullish(),
  variant_id: identifier.nullish(),
  variant_revision_id: identifier.nullish(),
  environment: z.string().max(200).nullish(),
  route: z.string().max(2000).nullish(),
  inputs: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type TraceRecord = z.infer<typeof traceRecordSchema>;

/** Body of `POST /traces`. */
export const traceBatchSchema = z.object({
  traces: z.array(traceRecordSchema).min(1).max(TRACE_BATCH_MAX_TRACES),
});
export type TraceBatch = z.infer<typeof traceBatchSchema>;

export const traceIngestResultSchema = z.object({
  accepted_traces: z.number().int(),
  accepted_spans: z.number().int(),
});
export type TraceIngestResult = z.infer<typeof traceIngestResultSchema>;
