import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { nonEmpty, timestamp } from './common.wire';

export class CreateProjectDto extends createZodDto(z.object({ name: nonEmpty.max(200) })) {}
export class CreateApiKeyDto extends createZodDto(z.object({ name: nonEmpty.max(200).nullish() })) {}

export const apiKeySchema = z.object({
  id: z.string(), project_id: z.string(), name: z.string(), prefix: z.string(), role: z.enum(['admin', 'member']), created_at: timestamp,
});
export type ApiKeyWire = z.infer<typeof apiKeySchema>;
export const issuedApiKeySchema = apiKeySchema.extend({ key: z.string().describe('shown once') });

export class ApiKeyDto extends createZodDto(apiKeySchema) {}
export class IssuedApiKeyDto extends createZodDto(issuedApiKeySchema) {}
export class CreatedProjectDto extends createZodDto(z.object({
  project_id: z.string(), name: z.string(), created_at: timestamp, api_key: issuedApiKeySchema,
})) {}

export class CurrentProjectDto extends createZodDto(z.object({
  project_id: z.string(), name: z.string(), created_at: timestamp,
  api_key: z.object({ id: z.string(), name: z.string() }),
})) {}
