import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import type { SettingType } from '@crucible/evaluators';
import { id, jsonObject, nonEmpty, timestamp } from './common.wire';

const SETTING_TYPES = ['string', 'text', 'code', 'number', 'integer', 'boolean', 'string_list', 'choice'] as const satisfies readonly SettingType[];

export class CreateEvaluatorConfigDto extends createZodDto(z.object({
  app_id: id.nullish(),
  name: nonEmpty,
  evaluator_key: nonEmpty.meta({ example: 'auto_exact_match' }),
  settings_values: jsonObject.nullish(),
})) {}

export class UpdateEvaluatorConfigDto extends createZodDto(z.object({
  name: nonEmpty.nullish(),
  evaluator_key: nonEmpty.nullish(),
  settings_values: jsonObject.nullish(),
})) {}

export const evaluatorConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  project_id: z.string(),
  app_id: z.string().optional(),
  evaluator_key: z.string(),
  settings_values: jsonObject,
  created_at: timestamp,
  updated_at: timestamp,
});
export class EvaluatorConfigDto extends createZodDto(evaluatorConfigSchema) {}

/** One field of an evaluator's settings form, as Agenta's settings_template values are. */
export const settingTemplateSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(SETTING_TYPES),
  default: z.unknown().optional(),
  description: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
  choices: z.array(z.string()).optional(),
  /** The choices are the project's own: its provider connections (GET /provider-connections) or models (GET /models). */
  options_from: z.enum(['provider_connections', 'models']).optional(),
  required: z.boolean(),
  /** True for the setting that names the test-set column holding the expected answer. */
  ground_truth_column: z.boolean(),
});

export const evaluatorSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Every setting has a default: usable without configuring it. */
  direct_use: z.boolean(),
  oss: z.boolean(),
  requires_llm: z.boolean(),
  requires_llm_api_keys: z.boolean().describe("Agenta's name for requires_llm"),
  tags: z.array(z.string()),
  settings_template: z.record(z.string(), settingTemplateSchema),
});
export class EvaluatorDto extends createZodDto(evaluatorSchema) {}
