import type { InputViolation } from '@crucible/domain';
import type { SettingTemplate } from '../catalog/setting-template';

export type Coerced = { ok: true; value: unknown } | { ok: false; violation: InputViolation };

/** A setting that breaks a rule of its own; worded as pydantic words a validator's ValueError, as Agenta's clients expect. */
export const invalidValue = (field: string[], reason: string): InputViolation => ({
  field,
  reason: `Value error, ${reason}`,
  rule: 'invalid_value',
});

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (violation: InputViolation): Coerced => ({ ok: false, violation });

/** Checks one present value against its template, accepting the lax forms a form post produces ("0.5", "true"). */
export function coerceSetting(template: SettingTemplate, value: unknown, field: string[]): Coerced {
  switch (template.type) {
    case 'string':
    case 'text':
    case 'code':
      if (typeof value !== 'string') return fail({ field, reason: 'Input should be a valid string', rule: 'not_text' });
      if (template.required && value.trim() === '') return fail(invalidValue(field, 'must not be empty'));
      return ok(value);
    case 'number':
    case 'integer':
      return coerceNumber(template, value, field);
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return ok(value.trim().toLowerCase() === 'true');
      return fail({ field, reason: 'Input should be a valid boolean', rule: 'not_boolean' });
    case 'string_list':
      return coerceStringList(template, value, field);
    case 'choice': {
      const choices = template.choices ?? [];
      if (typeof value === 'string' && choices.includes(value)) return ok(value);
      return fail({ field, reason: `Input should be ${listChoices(choices)}`, rule: 'not_a_choice' });
    }
  }
}

function coerceNumber(template: SettingTemplate, value: unknown, field: string[]): Coerced {
  const integer = template.type === 'integer';
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed))) {
    return integer
      ? fail({ field, reason: 'Input should be a valid integer', rule: 'not_integer' })
      : fail({ field, reason: 'Input should be a valid number', rule: 'not_number' });
  }
  if (template.min !== undefined && parsed < template.min) {
    return fail({ field, reason: `Input should be greater than or equal to ${template.min}`, rule: 'below_minimum' });
  }
  if (template.max !== undefined && parsed > template.max) {
    return fail({ field, reason: `Input should be less than or equal to ${template.max}`, rule: 'above_maximum' });
  }
  return ok(parsed);
}

function coerceStringList(template: SettingTemplate, value: unknown, field: string[]): Coerced {
  let items: string[];
  if (typeof value === 'string') {
    items = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  } else if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) {
      return fail({ field, reason: 'Input should be a valid list of strings', rule: 'not_list' });
    }
    items = value.filter((item) => item !== '');
  } else {
    return fail({ field, reason: 'Input should be a valid list', rule: 'not_list' });
  }
  if (template.required && items.length === 0) return fail(invalidValue(field, 'at least one item is needed'));
  return ok(items);
}

function listChoices(choices: readonly string[]): string {
  const quoted = choices.map((choice) => `'${choice}'`);
  return quoted.length <= 1 ? (quoted[0] ?? 'one of no choices') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}
