import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { commitMessage, id, jsonObject, nonEmpty, nullable, timestamp } from './common.wire';

export class CreateAppDto extends createZodDto(z.object({
  app_name: nonEmpty.meta({ example: 'support-bot' }),
  template_key: nonEmpty.describe('completion or chat (GET /templates): the app comes with a variant `default` Crucible runs itself').optional(),
})) {}
/** Agenta's PATCH /apps/{app_id}: renames. */
export class UpdateAppDto extends createZodDto(z.object({ app_name: nonEmpty })) {}

export class CreateVariantFromServiceDto extends createZodDto(z.object({
  variant_name: nonEmpty.meta({ example: 'gpt4o-concise' }),
  url: nonEmpty.describe('Base URL of the running SDK service'),
  route_path: z.string().describe('Route of the service this variant calls').nullish(),
  base_name: nonEmpty.nullish(),
  config_name: nonEmpty.nullish(),
  parameters: jsonObject.describe('Defaults to the route schema defaults').nullish(),
  commit_message: commitMessage.nullish(),
})) {}

/** Seed operation 5. */
export class AddVariantFromBaseDto extends createZodDto(z.object({
  base_id: id,
  new_variant_name: nonEmpty,
  new_config_name: nonEmpty,
  parameters: jsonObject,
  commit_message: commitMessage.nullish(),
})) {}

export class UpdateParametersDto extends createZodDto(z.object({
  parameters: jsonObject,
  commit_message: commitMessage.nullish(),
})) {}

export const appSchema = z.object({
  app_id: z.string(), app_name: z.string(), project_id: z.string(), created_at: timestamp, updated_at: timestamp,
});
export class AppDto extends createZodDto(appSchema) {}

/** Seed AppVariantResponse, field for field. */
export const variantSchema = z.object({
  app_id: z.string(),
  app_name: z.string(),
  variant_id: z.string(),
  variant_name: z.string(),
  project_id: z.string(),
  base_name: z.string(),
  base_id: z.string(),
  config_name: z.string(),
  uri: z.string(),
  revision: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  modified_by_id: z.string().optional(),
});
export class VariantDto extends createZodDto(variantSchema) {}

export const variantRevisionSchema = z.object({
  id: z.string(),
  variant_id: z.string(),
  revision: z.number().int(),
  config_name: z.string(),
  parameters: jsonObject,
  /** Agenta's AppVariantRevision carries the configuration as ConfigDB. */
  config: z.object({ config_name: z.string(), parameters: jsonObject }),
  commit_message: nullable(z.string()),
  modified_by: nullable(z.string()),
  modified_by_id: nullable(z.string()),
  created_at: timestamp,
});
export class VariantRevisionDto extends createZodDto(variantRevisionSchema) {}
