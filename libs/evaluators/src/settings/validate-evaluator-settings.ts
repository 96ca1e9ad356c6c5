import { findEvaluatorDescriptor } from '../catalog/evaluator-catalog';
import { isPlainObject } from '../support/values';
import { coerceSetting } from './setting-coercion';
import { SETTING_CHECKS } from './setting-checks';
import { valueError, type SettingsIssue, type SettingsValidation } from './settings-issue';

const ROOT = 'settings_values';

/**
 * Validates the settings of an evaluator config against its catalog template and applies defaults.
 * null counts as absent. Unknown keys are rejected, so a typo never silently falls back to a default.
 */
export function validateEvaluatorSettings(evaluatorKey: string, settings: unknown): SettingsValidation {
  const descriptor = findEvaluatorDescriptor(evaluatorKey);
  if (!descriptor) return { ok: false, issues: [valueError(['evaluator_key'], `unknown evaluator key '${evaluatorKey}'`)] };
  const given = settings ?? {};
  if (!isPlainObject(given)) {
    return { ok: false, issues: [{ loc: [ROOT], msg: 'Input should be a valid dictionary', type: 'dict_type' }] };
  }

  const issues: SettingsIssue[] = [];
  const result: Record<string, unknown> = {};
  for (const template of descriptor.settings_template) {
    const loc = [ROOT, template.key];
    const raw = given[template.key];
    if (raw === undefined || raw === null) {
      if (template.default !== undefined) result[template.key] = structuredClone(template.default);
      else if (template.required) issues.push({ loc, msg: 'Field required', type: 'missing' });
      continue;
    }
    const coerced = coerceSetting(template, raw, loc);
    if (!coerced.ok) {
      issues.push(coerced.issue);
      continue;
    }
    const problem = SETTING_CHECKS[template.key]?.(coerced.value);
    if (problem) issues.push(valueError(loc, problem));
    else result[template.key] = coerced.value;
  }

  const known = new Set(descriptor.settings_template.map((template) => template.key));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) issues.push({ loc: [ROOT, key], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, settings: result };
}
