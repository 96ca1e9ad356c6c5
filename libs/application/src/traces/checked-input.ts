import type { z } from 'zod';
import { type InputRule, type InputViolation, findUntrustedInput } from '@crucible/domain';

export type Checked<T> = { ok: true; value: T } | { ok: false; violations: InputViolation[] };

type Issue = z.core.$ZodIssue;

const TYPE_RULES: Readonly<Record<string, InputRule>> = {
  string: 'not_text', number: 'not_number', int: 'not_integer', boolean: 'not_boolean', array: 'not_list', object: 'not_object',
};

/** A zod issue as one of our input rules, so a 422 names it as every other endpoint does. */
function ruleOf(issue: Issue): InputRule {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' ? 'text_too_long' : issue.origin === 'array' ? 'too_many_items' : 'above_maximum';
    case 'too_small':
      return issue.origin === 'string' ? 'text_too_short' : issue.origin === 'array' ? 'too_few_items' : 'below_minimum';
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return TYPE_RULES[issue.expected] ?? 'invalid_value';
    case 'invalid_value':
      return 'not_a_choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid_value';
  }
}

/**
 * One item of a batch checked on its own (ARCHITECTURE §12 first: NUL bytes, lone surrogates, nesting past 64,
 * then its schema), so that a bad item is refused alone. Violations name fields from the batch's root (`field`).
 */
export function checkedInput<T>(schema: z.ZodType<T>, value: unknown, field: Array<string | number>): Checked<T> {
  const untrusted = findUntrustedInput(value, field);
  if (untrusted) return { ok: false, violations: [untrusted] };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    violations: parsed.error.issues.slice(0, 20).map((issue) => ({
      field: [...field, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
      reason: issue.message,
      rule: ruleOf(issue),
    })),
  };
}

/** What is wrong with an item, in one line, fields relative to the item (`spans.0.name: …`). */
export function describeViolations(violations: InputViolation[], itemDepth: number): string {
  return violations
    .map(({ field, reason }) => {
      const within = field.slice(itemDepth).join('.');
      return within ? `${within}: ${reason}` : reason;
    })
    .join('; ');
}
