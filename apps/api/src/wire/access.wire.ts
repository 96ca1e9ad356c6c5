import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { nonEmpty, timestamp } from './common.wire';
import { projectWithRoleSchema } from './auth.wire';

export class CreateProjectDto extends createZodDto(z.object({ name: nonEmpty.max(200) })) {}
const apiKeyRole = z.enum(['admin', 'editor', 'annotator', 'viewer']);
export class CreateApiKeyDto extends createZodDto(z.object({
  name: nonEmpty.max(200).nullish(),
  role: apiKeyRole.nullish().describe('editor unless given; never above the role of the caller minting it'),
})) {}

export const apiKeySchema = z.object({
  id: z.string(), project_id: z.string(), name: z.string(),
  prefix: z.string().describe('a public identifier of the key, no part of the secret'), role: apiKeyRole, created_at: timestamp,
  created_by: z.string().nullable().describe('who minted it: a person\'s or a key\'s name, "bootstrap" for the key start-up made; null when not recorded'),
  last_used_at: timestamp.nullable().describe('when it last authenticated a request, to within a minute; null if never'),
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
