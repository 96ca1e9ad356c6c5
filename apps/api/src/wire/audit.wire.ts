import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { nullable, pageQuerySchema, timestamp } from './common.wire';

/** A date, or a date and time, in ISO-8601. */
const isoTime = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
  message: 'Input should be an ISO-8601 date or time',
});

export class AuditEventQueryDto extends createZodDto(pageQuerySchema.extend({
  resource_type: z.string().max(200).optional().describe('events about this kind of resource (`app`, `api_key`, …)'),
  resource_id: z.string().max(200).optional().describe('events about this resource'),
  actor_id: z.string().max(200).optional().describe('events by this person or API key'),
  action: z.string().max(200).optional().describe('`<resource>.<verb>`, e.g. `environment.deploy`'),
  from: isoTime.optional().describe('ISO-8601 time; events at or after it'),
  to: isoTime.optional().describe('ISO-8601 time; events before it'),
})) {}

export const auditEventSchema = z.object({
  id: z.string(),
  at: timestamp,
  project_id: z.string(),
  actor: z.object({ type: z.enum(['user', 'api_key']), id: z.string(), name: z.string().describe('the person\'s name, or the key\'s') }),
  action: z.string().describe('`<resource>.<verb>`'),
  resource_type: z.string(),
  resource_id: nullable(z.string()).describe('null when a change touched several resources'),
  summary: z.string().describe('the change in words'),
  ip: nullable(z.string()),
});
export class AuditEventDto extends createZodDto(auditEventSchema) {}
