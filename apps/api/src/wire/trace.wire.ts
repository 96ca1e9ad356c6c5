import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { TRACE_SEARCH_MAX_LENGTH } from '@crucible/domain';
import { nullable } from './common.wire';

/** Answers of the trace endpoints; span and token details are documented loosely (any JSON), as stored. */
const storedTraceSchema = z.object({
  trace_id: z.string(),
  source: z.string(),
  name: nullable(z.string()),
  app_id: nullable(z.string()),
  variant_id: nullable(z.string()),
  variant_revision_id: nullable(z.string()),
  environment: nullable(z.string()),
  route: nullable(z.string()),
  status: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  latency_ms: z.number(),
  cost: nullable(z.number()),
  tokens: z.unknown(),
  model: nullable(z.string()),
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

/** A date, or a date and time, in ISO-8601. */
const isoTime = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
  message: 'Input should be an ISO-8601 date or time',
});

/** Filters shared by `GET /traces` and `GET /traces/metrics`. */
const traceFilterSchema = z.object({
  app_id: z.string().max(128).optional(),
  environment: z.string().max(200).optional().meta({ example: 'production' }),
  variant_id: z.string().max(128).optional(),
  status: z.enum(['ok', 'error']).optional(),
  from: isoTime.optional().describe('ISO-8601 time; traces that started at or after it'),
  to: isoTime.optional().describe('ISO-8601 time; traces that started before it'),
});
export type TraceFilterQuery = z.infer<typeof traceFilterSchema>;

export class TraceListQueryDto extends createZodDto(traceFilterSchema.extend({
  q: z.string().max(TRACE_SEARCH_MAX_LENGTH).optional().describe('case-insensitive text in inputs or output'),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  cursor: z.string().max(500).optional().describe('opaque; from the `Link: rel="next"` header of the previous page'),
})) {}

export class TraceMetricsQueryDto extends createZodDto(traceFilterSchema.extend({
  interval: z.enum(['minute', 'hour', 'day']).optional(),
})) {}
