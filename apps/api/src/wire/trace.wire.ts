import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { TRACE_PREVIEW_LENGTH, TRACE_SEARCH_MAX_LENGTH } from '@crucible/domain';
import { otlpExportEnvelopeSchema, traceBatchEnvelopeSchema, traceIngestResultSchema } from '@crucible/contracts';
import { MAX_SPANS_PER_ANSWER } from '@crucible/application';
import { nullable, pageQuerySchema } from './common.wire';
import { scoreSchema } from './score.wire';

const tokenCountsSchema = z.object({ prompt: z.number(), completion: z.number(), total: z.number() });
const traceErrorSchema = nullable(z.object({ message: z.string(), stacktrace: z.string().optional() }));
const traceStatus = z.enum(['ok', 'error']);

/** Answers of the trace endpoints; inputs, outputs and attributes are any JSON, as the producer sent them. */
const storedTraceSchema = z.object({
  trace_id: z.string(),
  source: z.enum(['sdk', 'otlp']),
  name: z.string(),
  app_id: nullable(z.string()),
  variant_id: nullable(z.string()),
  variant_revision_id: nullable(z.string()),
  environment: nullable(z.string()),
  route: nullable(z.string()),
  session_id: nullable(z.string()).describe('the conversation this call belongs to, as the app named it'),
  user_id: nullable(z.string()).describe('the end user the app served'),
  status: traceStatus,
  start_time: z.string(),
  end_time: z.string(),
  latency_ms: z.number(),
  cost: z.number(),
  cost_source: nullable(z.enum(['reported', 'computed']))
    .describe('`computed` when Crucible priced any span from its model and tokens, `reported` when the client sent the cost; null: no cost'),
  tokens: tokenCountsSchema,
  model: nullable(z.string()),
  error: traceErrorSchema,
  span_count: z.number().int(),
});

/** One span of a trace's tree, its children nested in start order. */
export const traceSpanSchema = z.object({
  span_id: z.string(),
  parent_span_id: nullable(z.string()),
  name: z.string(),
  kind: z.string(),
  status: traceStatus,
  start_time: z.string(),
  end_time: z.string(),
  latency_ms: z.number(),
  inputs: z.unknown(),
  outputs: z.unknown(),
  error: traceErrorSchema,
  model: nullable(z.string()),
  tokens: nullable(tokenCountsSchema),
  cost: nullable(z.number()),
  cost_source: nullable(z.enum(['reported', 'computed'])),
  attributes: nullable(z.record(z.string(), z.unknown())),
  get children(): z.ZodArray<typeof traceSpanSchema> {
    return z.array(traceSpanSchema);
  },
}).meta({ id: 'TraceSpan' });

const preview = nullable(z.string()).describe(`the start of the value's JSON text, at most ${TRACE_PREVIEW_LENGTH} characters; null when there is none`);

/** A list item: previews of inputs and output (`GET /traces/{trace_id}` carries them whole). */
export const traceListItemSchema = storedTraceSchema.extend({
  inputs_preview: preview,
  inputs_truncated: z.boolean().describe('the inputs go on past their preview'),
  output_preview: preview,
  output_truncated: z.boolean().describe('the output goes on past its preview'),
});
export class StoredTraceDto extends createZodDto(traceListItemSchema) {}
export const traceTreeSchema = storedTraceSchema.extend({
  inputs: z.unknown(),
  output: z.unknown(),
  scores: z.array(scoreSchema).describe('the trace\'s scores and its spans\', oldest first (the first 1000; `GET /scores?trace_id=` has them all)'),
  spans: z.array(traceSpanSchema)
    .describe('root spans of this page (spans whose parent is not among them), each with its children, in start order'),
  next_spans_cursor: nullable(z.string()).describe('more spans follow: ask again with `spans_cursor` set to this; null on the last page'),
});
export class TraceTreeDto extends createZodDto(traceTreeSchema) {}
export class TraceTreeQueryDto extends createZodDto(z.object({
  spans_limit: z.coerce.number().int().min(1).max(MAX_SPANS_PER_ANSWER).optional()
    .describe(`spans in this answer at most (default and most: ${MAX_SPANS_PER_ANSWER})`),
  spans_cursor: z.string().max(500).optional().describe('opaque; `next_spans_cursor` of the previous answer'),
})) {}
export const traceMetricsSchema = z.object({
  interval: z.enum(['minute', 'hour', 'day']),
  from: z.string(),
  to: z.string(),
  buckets: z.array(z.object({
    bucket: z.string(),
    count: z.number().int(),
    errors: z.number().int(),
    p50_latency_ms: nullable(z.number()),
    p95_latency_ms: nullable(z.number()),
    tokens: tokenCountsSchema,
    cost: z.number(),
    scores: z.record(z.string(), z.number()).describe('each score name\'s mean over the bucket\'s traces (scores with a value)'),
  })),
});
export class TraceMetricsDto extends createZodDto(traceMetricsSchema) {}
/** Bodies of `POST /traces` and `POST /v1/traces`, shared with the SDK (libs/contracts); the use cases check each item. */
export class TraceBatchDto extends createZodDto(traceBatchEnvelopeSchema) {}
export class OtlpExportDto extends createZodDto(otlpExportEnvelopeSchema) {}
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
  session_id: z.string().max(128).optional().describe('traces of this session'),
  user_id: z.string().max(128).optional().describe('traces of this end user'),
  status: z.enum(['ok', 'error']).optional(),
  from: isoTime.optional().describe('ISO-8601 time; traces that started at or after it'),
  to: isoTime.optional().describe('ISO-8601 time; traces that started before it'),
  score_name: z.string().max(1000).optional().describe('traces with a score of this name'),
  score_min: z.coerce.number().optional().describe('with score_name: that score\'s value at least this'),
  score_max: z.coerce.number().optional().describe('with score_name: that score\'s value at most this'),
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

/** `GET /sessions`: a conversation's traces added up; `first_at`/`last_at` are when its first and last traces started. */
export const traceSessionSchema = z.object({
  session_id: z.string(),
  traces: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  total_tokens: z.number(),
  cost: z.number(),
});
export class TraceSessionDto extends createZodDto(traceSessionSchema) {}
export class TraceSessionQueryDto extends createZodDto(pageQuerySchema.extend({
  app_id: z.string().max(128).optional(),
  environment: z.string().max(200).optional(),
  user_id: z.string().max(128).optional().describe('sessions of this end user'),
})) {}
