import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { MAX_ONLINE_EVALUATION_DELAY_SECONDS, ONLINE_EXECUTION_STATUSES, type OnlineExecutionStatus } from '@crucible/domain';
import { id, nullable, pageQuerySchema, timestamp } from './common.wire';

/** ARCHITECTURE §18: online evaluation rules and their executions. */

const filterSchema = z.object({
  route: z.string().max(1000).optional().describe('only traces of this route'),
  status: z.enum(['ok', 'error']).optional().describe('only traces with this status'),
  model: z.string().max(1000).optional().describe('only traces whose model is this one'),
}).strict();

export class CreateOnlineEvaluationDto extends createZodDto(z.object({
  name: z.string().max(1000).meta({ example: 'helpfulness on production' }),
  evaluator_config_id: id.describe("an evaluator config of the app's (or a project-wide one)"),
  app_id: id,
  environment: nullable(z.string().max(1000)).optional().describe('only traces of this environment; absent: every environment'),
  filter: nullable(filterSchema).optional(),
  sampling_rate: z.number().describe('0–1: the share of matching traces evaluated, drawn deterministically from the trace id'),
  delay_seconds: nullable(z.number().int().max(MAX_ONLINE_EVALUATION_DELAY_SECONDS * 10)).optional()
    .describe('how long after a trace arrives it is evaluated; 0 when absent'),
}).strict()) {}

export class UpdateOnlineEvaluationDto extends createZodDto(z.object({
  active: z.boolean().describe('false pauses the rule: traces arriving meanwhile are `skipped: paused`'),
}).strict()) {}

export const onlineEvaluationSchema = z.object({
  id: z.string(),
  name: z.string(),
  evaluator_config_id: z.string(),
  app_id: z.string(),
  environment: nullable(z.string()),
  filter: z.object({ route: z.string().optional(), status: z.enum(['ok', 'error']).optional(), model: z.string().optional() }),
  sampling_rate: z.number(),
  delay_seconds: z.number().int(),
  active: z.boolean(),
  paused_reason: nullable(z.string()).describe('why a paused rule is paused: who paused it and when, or that it paused itself because every evaluation failed (with the last error); null while active'),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: z.string().describe('the name of the API key that created it'),
  executions: z.object({
    pending: z.number().int(), completed: z.number().int(), error: z.number().int(), skipped: z.number().int(),
  }).describe('traces the rule saw, per state of their execution'),
});
export class OnlineEvaluationDto extends createZodDto(onlineEvaluationSchema) {}

export class OnlineExecutionsQueryDto extends createZodDto(pageQuerySchema.extend({
  status: z.enum(ONLINE_EXECUTION_STATUSES as [OnlineExecutionStatus, ...OnlineExecutionStatus[]]).optional().describe('only executions in this state'),
})) {}

export const onlineExecutionSchema = z.object({
  trace_id: z.string(),
  status: z.enum(['pending', 'completed', 'error', 'skipped']),
  reason: nullable(z.string()).describe('why it was skipped or failed, in words (sampled out, filter did not match: …, paused, the evaluator\'s error)'),
  score_id: nullable(z.string()).describe('the score it produced, when completed'),
  at: timestamp.describe('when it last changed'),
});
export class OnlineExecutionDto extends createZodDto(onlineExecutionSchema) {}

export class BackfillOnlineEvaluationDto extends createZodDto(z.object({
  from: z.iso.datetime({ offset: true }).describe('traces that started at or after this time'),
  to: z.iso.datetime({ offset: true }).describe('…and before this time'),
}).strict()) {}

export const backfillSchema = z.object({ traces: z.number().int().describe('traces of the app in [from, to) the rule looked at') });
export class BackfillDto extends createZodDto(backfillSchema) {}
