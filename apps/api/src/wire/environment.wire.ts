import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { resolvedConfigSchema } from '@crucible/contracts';
import { commitMessage, id, nonEmpty, nullable, timestamp } from './common.wire';

export class DeployDto extends createZodDto(z.object({
  app_id: id.describe("Derived from the variant when absent (Agenta's clients omit it)").nullish(),
  environment_name: nonEmpty.meta({ example: 'production' }),
  variant_id: id,
  revision: z.number().int().min(1).describe("Defaults to the variant's latest revision").nullish(),
  commit_message: commitMessage.nullish(),
})) {}

export class RevertDto extends createZodDto(z.object({ commit_message: commitMessage.nullish() })) {}

/** GET /configs: either app_id (or app_name) + environment, or variant_id (+ revision). */
export class ConfigQueryDto extends createZodDto(z.object({
  app_id: id.optional(),
  app_name: nonEmpty.optional().describe('The app by its name, instead of app_id (the SDK\'s getPrompt)'),
  environment: nonEmpty.optional().meta({ example: 'production' }),
  variant_id: id.optional(),
  revision: z.coerce.number().int().min(1).optional(),
}).superRefine((query, ctx) => {
  if (query.variant_id !== undefined) return;
  if (query.app_id === undefined && query.app_name === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', path: ['app_id'], message: 'Field required' });
  if (query.environment === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', path: ['environment'], message: 'Field required' });
})) {}

export const environmentSchema = z.object({
  name: z.string(),
  app_id: z.string(),
  project_id: z.string(),
  deployed_app_variant_id: nullable(z.string()),
  deployed_variant_name: nullable(z.string()),
  deployed_app_variant_revision_id: nullable(z.string()),
  revision: nullable(z.number().int()),
});
export class EnvironmentDto extends createZodDto(environmentSchema) {}

export const environmentRevisionSchema = z.object({
  id: z.string(),
  revision: z.number().int(),
  modified_by: z.string(),
  deployed_app_variant_revision: z.string().optional(),
  deployed_variant_revision: z.number().int().optional(),
  commit_message: z.string().optional(),
  created_at: timestamp,
  deployed_variant_name: z.string().optional(),
});
export class EnvironmentRevisionDto extends createZodDto(environmentRevisionSchema) {}
export class DeploymentDto extends createZodDto(environmentRevisionSchema.extend({ environment_name: z.string() })) {}

/** Seed "environment revisions record": the environment now, and its history, newest last. */
export class EnvironmentHistoryDto extends createZodDto(environmentSchema.extend({
  revisions: z.array(environmentRevisionSchema),
})) {}

/** GET /configs answers the SDK's shape, defined once in libs/contracts. */
export class ResolvedConfigDto extends createZodDto(resolvedConfigSchema.extend({
  environment: nullable(z.string()).optional(),
})) {}
