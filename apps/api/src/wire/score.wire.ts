import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { MAX_SCORE_CATEGORIES, MAX_SCORE_COMMENT_LENGTH, MAX_SCORE_DESCRIPTION_LENGTH, MAX_SCORE_TEXT_LENGTH, SCORE_DATA_TYPES, SCORE_SOURCES } from '@crucible/domain';
import { id, nullable, pageQuerySchema, timestamp } from './common.wire';

/** ARCHITECTURE §18: score configs and scores. */

const dataType = z.enum(SCORE_DATA_TYPES);
const category = z.object({ label: z.string().max(1000), value: z.number() });
/** Trace and span ids as the trace endpoints take them; a score's own id is the caller's, the same shape. */
const traceIdText = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 letters, digits or ._:-');
/** ISO-8601 date or time. */
const isoTime = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
  message: 'Input should be an ISO-8601 date or time',
});

export class CreateScoreConfigDto extends createZodDto(z.object({
  name: z.string().max(1000).meta({ example: 'helpfulness' }),
  data_type: dataType,
  min: nullable(z.number()).optional().describe('numeric only: the lowest value allowed'),
  max: nullable(z.number()).optional().describe('numeric only: the highest value allowed'),
  categories: nullable(z.array(category).max(MAX_SCORE_CATEGORIES)).optional()
    .describe('categorical only: each label with the number stored for it'),
  description: nullable(z.string().max(MAX_SCORE_DESCRIPTION_LENGTH * 2)).optional(),
}).strict()) {}

export class UpdateScoreConfigDto extends createZodDto(z.object({
  archived: z.boolean().describe('an archived config keeps its scores and takes no new ones (409)'),
}).strict()) {}

export const scoreConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  data_type: dataType,
  min: nullable(z.number()),
  max: nullable(z.number()),
  categories: nullable(z.array(category)),
  description: nullable(z.string()),
  archived: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: z.string().describe('the name of the API key that created it'),
});
export class ScoreConfigDto extends createZodDto(scoreConfigSchema) {}

export class ScoreConfigListQueryDto extends createZodDto(pageQuerySchema.extend({
  archived: z.enum(['true', 'false']).optional().describe('only archived configs (true) or only the others (false); both when left out'),
})) {}

export class CreateScoreDto extends createZodDto(z.object({
  id: traceIdText.optional().describe('makes the call idempotent: the same id again answers the score first stored under it'),
  trace_id: traceIdText,
  span_id: nullable(traceIdText).optional().describe('a span of the trace; the trace itself when left out'),
  name: z.string().max(1000).optional().describe('required unless config_id names the config'),
  value: nullable(z.union([z.number(), z.boolean()])).optional()
    .describe('numeric: the number; boolean: true/false or 1/0; categorical: the category\'s value'),
  string_value: nullable(z.string().max(MAX_SCORE_TEXT_LENGTH * 2)).optional()
    .describe('text: the text; categorical: the category\'s label (either it or value)'),
  comment: nullable(z.string().max(MAX_SCORE_COMMENT_LENGTH * 2)).optional(),
  config_id: nullable(id).optional()
    .describe('the config to check against; without it, the project\'s config of that name not archived, if any'),
  source: z.enum(['api', 'sdk']).optional().describe('default `api`; the SDK sends `sdk`'),
}).strict()) {}

export const scoreSchema = z.object({
  id: z.string(),
  trace_id: z.string(),
  span_id: nullable(z.string()),
  name: z.string(),
  data_type: dataType,
  value: nullable(z.number()),
  string_value: nullable(z.string()),
  comment: nullable(z.string()),
  config_id: nullable(z.string()),
  source: z.enum(SCORE_SOURCES),
  author: nullable(z.string()).describe('the name of the API key that gave it (of the online evaluation rule, for `source: online_evaluation`)'),
  online_evaluation_id: nullable(z.string()).describe('the online evaluation rule that produced it; null for any other source'),
  created_at: timestamp,
});
export class ScoreDto extends createZodDto(scoreSchema) {}

export class ScoreListQueryDto extends createZodDto(pageQuerySchema.extend({
  trace_id: traceIdText.optional(),
  session_id: z.string().max(128).optional().describe("scores of this session's traces"),
  name: z.string().max(1000).optional(),
  source: z.enum(SCORE_SOURCES).optional(),
  from: isoTime.optional().describe('ISO-8601 time; scores given at or after it'),
  to: isoTime.optional().describe('ISO-8601 time; scores given before it'),
})) {}
