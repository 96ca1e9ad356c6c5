import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

/** Answers of the trace endpoints; span and token details are documented loosely (any JSON), as stored. */
const storedTraceSchema = z.object({
  trace_id: z.string(),
  source: z.string(),
  name: z.string().nullable(),
  app_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  variant_revision_id: z.string().nullable(),
  environment: z.string().nullable(),
  route: z.string().nullable(),
  status: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  latency_ms: z.number(),
  cost: z.number().nullable(),
  tokens: z.unknown(),
  model: z.string().nullable(),
  inputs: z.unknown(),
  output: z.unknown(),
  error: z.unknown(),
  span_count: z.number().int(),
});

export class StoredTraceDto extends createZodDto(storedTraceSchema) {}
export class TraceTreeDto extends createZodDto(storedTraceSchema.extend({
  spans: z.array(z.record(z.string(), z.unknown())).describe('root spans, each with its children'),
})) {}
export class TraceMetricsDto extends createZodDto(z.object({
  interval: z.string(), from: z.string(), to: z.string(), buckets: z.array(z.record(z.string(), z.unknown())),
})) {}
export class TraceIngestedDto extends createZodDto(z.object({ accepted_traces: z.number().int(), accepted_spans: z.number().int() })) {}
export class OtlpIngestedDto extends createZodDto(z.object({ partialSuccess: z.object({}) })) {}
