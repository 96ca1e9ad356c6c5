import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { nonEmpty, timestamp } from './common.wire';
import { projectWithRoleSchema } from './auth.wire';

export class CreateProjectDto extends createZodDto(z.object({ name: nonEmpty.max(200) })) {}
const apiKeyRole = z.enum(['admin', 'editor', 'annotator', 'viewer']);
export class CreateApiKeyDto extends createZodDto(z.object({
  name: nonEmpty.max(200).nullish(),
  role: apiKeyRole.nullish().describe('editor unless given; only admin keys manage keys'),
})) {}

export const apiKeySchema = z.object({
  id: z.string(), project_id: z.string(), name: z.string(),
  prefix: z.string().describe('a public identifier of the key, no part of the secret'), role: apiKeyRole, created_at: timestamp,
});
export const issuedApiKeySchema = apiKeySchema.extend({ key: z.string().describe('shown once') });

export class ApiKeyDto extends createZodDto(apiKeySchema) {}
export class IssuedApiKeyDto extends createZodDto(issuedApiKeySchema) {}
export class CreatedProjectDto extends createZodDto(projectWithRoleSchema.extend({
  project_id: z.string().describe('the same as id'),
  api_key: issuedApiKeySchema.optional().describe("for an API key: the new project's first key (an editor key), shown once"),
})) {}

export class CurrentProjectDto extends createZodDto(z.object({
  project_id: z.string(), name: z.string(), created_at: timestamp,
  api_key: z.object({ id: z.string(), name: z.string() }),
})) {}
