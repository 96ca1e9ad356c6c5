import { z } from 'zod';
import { TRACE_ID_MAX_LENGTH, spanSchema, tokenUsageSchema, traceCostSchema, traceLatencySchema } from './trace.contract';

/** At most this many traces per `POST /traces` batch, and spans per batch on either ingest path. */
export const TRACE_BATCH_MAX_TRACES = 500;
export const TRACE_BATCH_MAX_SPANS = 20_000;

/** Where a trace ran is indexed too (app, environment, variant): bounded like ids. */
export const TRACE_ENVIRONMENT_MAX_LENGTH = 200;
const identifier = z.string().min(1).max(TRACE_ID_MAX_LENGTH);

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
  environment: z.string().max(TRACE_ENVIRONMENT_MAX_LENGTH).nullish(),
  route: z.string().max(2000).nullish(),
  /** The conversation and the end user of the call (ARCHITECTURE §18): indexed, so bounded like ids. */
  session_id: identifier.nullish(),
  user_id: identifier.nullish(),
  inputs: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type TraceRecord = z.infer<typeof traceRecordSchema>;

/** Body of `POST /traces` as the api first reads it: each trace is then checked on its own, so one bad trace costs only itself. */
export const traceBatchEnvelopeSchema = z.object({
  traces: z.array(z.unknown()).min(1).max(TRACE_BATCH_MAX_TRACES),
});
export type TraceBatchEnvelope = z.infer<typeof traceBatchEnvelopeSchema>;

/**
 * Answer of `POST /traces` (200 when at least one trace was accepted): `accepted` traces of the batch, the ones
 * refused by their index with what is wrong, `accepted_traces`/`accepted_spans` newly stored, and `rejected_spans`
 * past CRUCIBLE_MAX_SPANS_PER_TRACE.
 */
export const traceIngestResultSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), detail: z.string() })),
  accepted_traces: z.number().int(),
  accepted_spans: z.number().int(),
  rejected_spans: z.number().int(),
});
export type TraceIngestResult = z.infer<typeof traceIngestResultSchema>;
