import type { SettingTemplate } from '../catalog/setting-template';
import { valueError, type SettingsIssue } from './settings-issue';

export type Coerced = { ok: true; value: unknown } | { ok: false; issue: SettingsIssue };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (issue: SettingsIssue): Coerced => ({ ok: false, issue });

/** Checks one present value against its template, accepting the lax forms a form post produces ("0.5", "true"). */
export function coerceSetting(template: SettingTemplate, value: unknown, loc: string[]): Coerced {
  switch (template.type) {
    case 'string':
    case 'text':
    case 'code':
      if (typeof value !== 'string') return fail({ loc, msg: 'Input should be a valid string', type: 'string_type' });
      if (template.required && value.trim() === '') return fail(valueError(loc, 'must not be empty'));
      return ok(value);
    case 'number':
    case 'integer':
      return coerceNumber(template, value, loc);
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return ok(value.trim().toLowerCase() === 'true');
      return fail({ loc, msg: 'Input should be a valid boolean', type: 'bool_type' });
    case 'string_list':
      return coerceStringList(template, value, loc);
    case 'choice': {
      const choices = template.choices ?? [];
      if (typeof value === 'string' && choices.includes(value)) return ok(value);
      return fail({ loc, msg: `Input should be ${listChoices(choices)}`, type: 'literal_error' });
    }
  }
}

function coerceNumber(template: SettingTemplate, value: unknown, loc: string[]): Coerced {
  const integer = template.type === 'integer';
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed))) {
    return integer
      ? fail({ loc, msg: 'Input should be a valid integer', type: 'int_type' })
      : fail({ loc, msg: 'Input should be a valid number', type: 'float_type' });
  }
  if (template.min !== undefined && parsed < template.min) {
    return fail({ loc, msg: `Input should be greater than or equal to ${template.min}`, type: 'greater_than_equal' });
  }
  if (template.max !== undefined && parsed > template.max) {
    return fail({ loc, msg: `Input should be less than or equal to ${template.max}`, type: 'less_than_equal' });
  }
  return ok(parsed);
}

function coerceStringList(template: SettingTemplate, value: unknown, loc: string[]): Coerced {
  let items: string[];
  if (typeof value === 'string') {
    items = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  } else if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) {
      return fail({ loc, msg: 'Input should be a valid list of strings', type: 'list_type' });
    }
    items = value.filter((item) => item !== '');
  } else {
    return fail({ loc, msg: 'Input should be a valid list', type: 'list_type' });
  }
  if (template.required && items.length === 0) return fail(valueError(loc, 'at least one item is needed'));
  return ok(items);
}

function listChoices(choices: readonly string[]): string {
  const quoted = choices.map((choice) => `'${choice}'`);
  return quoted.length <= 1 ? (quoted[0] ?? 'one of no choices') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}
