import type { InputViolation } from '@crucible/domain';
import type { SettingsCheck } from '@crucible/application';
import { EVALUATOR_CATALOG, findEvaluatorDescriptor } from '../catalog/evaluator-catalog';
import { isPlainObject } from '../support/values';
import { coerceSetting, invalidValue } from './setting-coercion';
import { SETTING_CHECKS } from './setting-checks';
import { EVALUATOR_RULES } from './evaluator-rules';

const ROOT = 'settings_values';


/**
 * Setting names Agenta's evaluators and clients use: every built-in's settings, and Agenta's own extras
 * (webhook_body, open_ai_key, temperature, …). Unknown to an evaluator they are accepted and ignored;
 * any other unknown key is still a typo to report.
 */
const AGENTA_SETTING_KEYS = new Set([
  ...EVALUATOR_CATALOG.flatMap((descriptor) => descriptor.settings_template.map((template) => template.key)),
  'correct_answer_key', 'webhook_body', 'open_ai_key', 'temperature', 'version', 'requires_llm_api_keys',
  'lm_providers_keys', 'json_field', 'predict_keys', 'case_insensitive_keys', 'compare_schema_only',
]);

/**
 * Validates the settings of an evaluator config against its catalog template and applies defaults (a config is
 * stored as given, without them, as Agenta does; the runner applies them).
 * null counts as absent. Unknown keys are rejected, so a typo never silently falls back to a default (Agenta's
 * setting names excepted).
 */
export function validateEvaluatorSettings(
  evaluatorKey: string, settings: unknown, { applyDefaults = true }: { applyDefaults?: boolean } = {},
): SettingsCheck {
  const descriptor = findEvaluatorDescriptor(evaluatorKey);
  if (!descriptor) return { ok: false, violations: [invalidValue(['evaluator_key'], `unknown evaluator key '${evaluatorKey}'`)] };
  const given = settings ?? {};
  if (!isPlainObject(given)) {
    return { ok: false, violations: [{ field: [ROOT], reason: 'Input should be a valid dictionary', rule: 'not_object' }] };
  }

  const violations: InputViolation[] = [];
  const result: Record<string, unknown> = {};
  for (const template of descriptor.settings_template) {
    const field = [ROOT, template.key];
    const raw = given[template.key];
    if (raw === undefined || raw === null) {
      if (template.default !== undefined) {
        if (applyDefaults) result[template.key] = structuredClone(template.default);
      } else if (template.required) violations.push({ field, reason: 'Field required', rule: 'required' });
      continue;
    }
    const coerced = coerceSetting(template, raw, field);
    if (!coerced.ok) {
      violations.push(coerced.violation);
      continue;
    }
    const problem = SETTING_CHECKS[template.key]?.(coerced.value);
    if (problem) violations.push(invalidValue(field, problem));
    else result[template.key] = coerced.value;
  }

  const known = new Set(descriptor.settings_template.map((template) => template.key));
  for (const [key, value] of Object.entries(given)) {
    if (known.has(key)) continue;
    // Agenta's clients send settings some evaluators do not use (correct_answer_key on a regex): kept as sent, unused.
    if (AGENTA_SETTING_KEYS.has(key)) result[key] = value;
    else violations.push({ field: [ROOT, key], reason: 'Extra inputs are not permitted', rule: 'unknown_field' });
  }
  // Rules between settings judge values that passed their own checks, so a bad value is reported once.
  if (violations.length === 0) violations.push(...(EVALUATOR_RULES[evaluatorKey]?.(result) ?? []));
  return violations.length > 0 ? { ok: false, violations } : { ok: true, settings: result };
}
