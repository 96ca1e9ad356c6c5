import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { PROVIDER_KINDS } from '@crucible/domain';
import { nullable, timestamp } from './common.wire';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** A key or header value goes into an HTTP header: one line of printable text. */
const headerText = (max: number) => z.string().max(max).regex(/^[^\r\n\0]*$/, 'must be one line of text');

const headers = z.record(z.string().regex(HEADER_NAME, 'must be an HTTP header name'), headerText(8192))
  .refine((value) => Object.keys(value).length <= 20, 'at most 20 headers')
  .describe('extra headers sent on every call (stored encrypted like the key)');

export const providerKindSchema = z.object({
  kind: z.enum(PROVIDER_KINDS),
  name: z.string(),
  fields: z.array(z.object({ name: z.string(), required: z.boolean(), secret: z.boolean() })),
  default_base_url: nullable(z.string()),
});
export class ProviderKindDto extends createZodDto(providerKindSchema) {}

export class CreateProviderConnectionDto extends createZodDto(z.object({
  name: z.string().max(1000).meta({ example: 'anthropic-prod' }),
  kind: z.enum(PROVIDER_KINDS),
  api_key: nullable(headerText(4096)).optional().describe('write-only: never answered, logged or exported; lists show its last 4 characters'),
  base_url: nullable(z.string().max(2000)).optional(),
  api_version: nullable(z.string().max(100)).optional(),
  headers: nullable(headers).optional(),
}).strict()) {}

export class UpdateProviderConnectionDto extends createZodDto(z.object({
  name: z.string().max(1000).optional(),
  api_key: nullable(headerText(4096)).optional(),
  base_url: nullable(z.string().max(2000)).optional(),
  api_version: nullable(z.string().max(100)).optional(),
  headers: nullable(headers).optional(),
}).strict()) {}

export const providerConnectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  base_url: nullable(z.string()),
  api_version: nullable(z.string()),
  api_key_hint: nullable(z.string()).describe('"…" and the key\'s last 4 characters'),
  header_names: z.array(z.string()),
  read_only: z.boolean().describe('the `environment` connection built from OPENAI_API_KEY'),
  created_at: timestamp,
  created_by: z.string(),
});
export class ProviderConnectionDto extends createZodDto(providerConnectionSchema) {}

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number().int(),
  models: z.array(z.string()).optional(),
  error: z.object({ status: z.number().int().optional(), message: z.string() }).optional()
    .describe("the provider's status and at most 200 characters of its message"),
});
export class ConnectionTestDto extends createZodDto(connectionTestSchema) {}
