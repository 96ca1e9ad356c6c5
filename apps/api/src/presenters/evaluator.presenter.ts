import type { z } from 'zod';
import type { EvaluatorConfig } from '@crucible/domain';
import type { EvaluatorDescriptor, SettingTemplate } from '@crucible/evaluators';
import type { evaluatorConfigSchema, evaluatorSchema, settingTemplateSchema } from '../wire/evaluator.wire';

const iso = (date: Date): string => date.toISOString();

export const presentEvaluatorConfig = (config: EvaluatorConfig): z.input<typeof evaluatorConfigSchema> => ({
  id: config.id,
  name: config.name,
  project_id: config.projectId,
  app_id: config.appId ?? undefined,
  evaluator_key: config.evaluatorKey,
  settings_values: config.settingsValues,
  created_at: iso(config.createdAt),
  updated_at: iso(config.updatedAt),
});

const presentSetting = (setting: SettingTemplate): z.input<typeof settingTemplateSchema> => ({
  key: setting.key,
  label: setting.label,
  type: setting.type,
  ...(setting.default !== undefined ? { default: setting.default } : {}),
  description: setting.description,
  ...(setting.min !== undefined ? { min: setting.min } : {}),
  ...(setting.max !== undefined ? { max: setting.max } : {}),
  ...(setting.choices ? { choices: [...setting.choices] } : {}),
  ...(setting.options_from ? { options_from: setting.options_from } : {}),
  required: setting.required,
  ground_truth_column: setting.ground_truth_column,
});

/** Agenta's evaluator: settings_template keyed by setting name; usable as-is when no setting needs a value. */
export const presentEvaluator = (descriptor: EvaluatorDescriptor): z.input<typeof evaluatorSchema> => ({
  key: descriptor.key,
  name: descriptor.name,
  description: descriptor.description,
  direct_use: descriptor.settings_template.every((setting) => !setting.required || setting.default !== undefined),
  oss: true,
  requires_llm: descriptor.requires_llm,
  requires_llm_api_keys: descriptor.requires_llm,
  tags: descriptor.requires_llm ? ['ai_llm'] : ['functional'],
  settings_template: Object.fromEntries(descriptor.settings_template.map((setting) => [setting.key, presentSetting(setting)])),
});
