import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { TRACE_PREVIEW_LENGTH, TRACE_SEARCH_MAX_LENGTH } from '@crucible/domain';
import { traceIngestResultSchema } from '@crucible/contracts';
import { MAX_SPANS_PER_ANSWER } from '@crucible/application';
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
  cost_source: nullable(z.enum(['reported', 'computed']))
    .describe('`computed` when Crucible priced any span from its model and tokens, `reported` when the client sent the cost; null: no cost'),
  tokens: z.unknown(),
  model: nullable(z.string()),
  error: z.unknown(),
  span_count: z.number().int(),
});

const preview = nullable(z.string()).describe(`the start of the value's JSON text, at most ${TRACE_PREVIEW_LENGTH} characters; null when there is none`);

/** A list item: previews of inputs and output (`GET /traces/{trace_id}` carries them whole). */
export class StoredTraceDto extends createZodDto(storedTraceSchema.extend({
  inputs_preview: preview,
  inputs_truncated: z.boolean().describe('the inputs go on past their preview'),
  output_preview: preview,
  output_truncated: z.boolean().describe('the output goes on past its preview'),
})) {}
export class TraceTreeDto extends createZodDto(storedTraceSchema.extend({
  inputs: z.unknown(),
  output: z.unknown(),
  spans: z.array(z.record(z.string(), z.unknown()))
    .describe('root spans of this page (spans whose parent is not among them), each with its children, in start order'),
  next_spans_cursor: nullable(z.string()).describe('more spans follow: ask again with `spans_cursor` set to this; null on the last page'),
})) {}
export class TraceTreeQueryDto extends createZodDto(z.object({
  spans_limit: z.coerce.number().int().min(1).max(MAX_SPANS_PER_ANSWER).optional()
    .describe(`spans in this answer at most (default and most: ${MAX_SPANS_PER_ANSWER})`),
  spans_cursor: z.string().max(500).optional().describe('opaque; `next_spans_cursor` of the previous answer'),
})) {}
export class TraceMetricsDto extends createZodDto(z.object({
  interval: z.string(), from: z.string(), to: z.string(), buckets: z.array(z.record(z.string(), z.unknown())),
})) {}
export class TraceIngestedDto extends createZodDto(traceIngestResultSchema) {}
export class OtlpIngestedDto extends createZodDto(z.object({
  partialSuccess: z.object({ rejectedSpans: z.number().int().optional(), errorMessage: z.string().optional() })
    .describe('OTLP ExportTracePartialSuccess: empty when every span was accepted'),
})) {}

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
