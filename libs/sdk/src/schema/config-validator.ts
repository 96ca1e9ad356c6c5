import type { ValidationIssue } from '@crucible/contracts';
import { allChoices, boundViolation, ConfigSchema, describeSchema, FieldSpec, SchemaDescription } from './schema-definition';

/** One validation error, shaped like pydantic's: the 422 item SDK services and the api answer (libs/contracts). */
export type ValidationErrorItem = ValidationIssue;

export interface ValidateOptions {
  /** Prefix of every error location; the playground uses ['body', 'config']. */
  loc?: (string | number)[];
  /** 'forbid' reports unknown keys (extra_forbidden); 'ignore' drops them (used for stored parameters). */
  extra?: 'forbid' | 'ignore';
}

export type ValidationResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errors: ValidationErrorItem[] };

/** Raised outside HTTP handling (e.g. by ConfigManager) when a configuration breaks its schema. */
export class ConfigValidationError extends Error {
  constructor(readonly errors: ValidationErrorItem[]) {
    super(`Invalid configuration: ${errors.map((error) => `${error.loc.join('.')}: ${error.msg}`).join('; ')}`);
    this.name = 'ConfigValidationError';
  }
}

/** pydantic's words for a value of the wrong type: configurations here, request bodies in service/request-parsing. */
export const TYPE_ERRORS = {
  str: { type: 'string_type', msg: 'Input should be a valid string' },
  int: { type: 'int_type', msg: 'Input should be a valid integer' },
  float: { type: 'float_type', msg: 'Input should be a valid number' },
  bool: { type: 'bool_type', msg: 'Input should be a valid boolean' },
  dict: { type: 'dict_type', msg: 'Input should be a valid dictionary' },
} as const;

/** Merges a partial configuration over the schema's defaults, then checks types, bounds and choices. */
export function validateConfig(
  schema: ConfigSchema | SchemaDescription,
  input: Record<string, unknown>,
  options: ValidateOptions = {},
): ValidationResult {
  const description = typeof schema === 'function' ? describeSchema(schema) : schema;
  const prefix = options.loc ?? [];
  const errors: ValidationErrorItem[] = [];
  const value: Record<string, unknown> = {};
  const known = new Set(description.fields.map((field) => field.name));

  for (const key of Object.keys(input)) {
    if (!known.has(key) && (options.extra ?? 'forbid') === 'forbid') {
      errors.push({ loc: [...prefix, key], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    }
  }
  for (const field of description.fields) {
    const given = Object.prototype.hasOwnProperty.call(input, field.name) && input[field.name] !== undefined;
    const candidate = given ? input[field.name] : field.default;
    const error = fieldError(field, candidate);
    if (error) errors.push({ loc: [...prefix, field.name], msg: error.msg, type: error.type });
    else value[field.name] = candidate;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

function fieldError(field: FieldSpec, value: unknown): { msg: string; type: string } | undefined {
  switch (field.kind) {
    case 'str':
      return typeof value === 'string' ? undefined : TYPE_ERRORS.str;
    case 'bool':
      return typeof value === 'boolean' ? undefined : TYPE_ERRORS.bool;
    case 'int':
    case 'float': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return TYPE_ERRORS[field.kind];
      if (field.kind === 'int' && !Number.isInteger(value)) return TYPE_ERRORS.int;
      const violation = boundViolation(field, value);
      return violation ? { type: violation.type, msg: `Input should be ${violation.description}` } : undefined;
    }
    case 'choice':
    case 'grouped_choice': {
      if (typeof value !== 'string') return TYPE_ERRORS.str;
      const choices = allChoices(field);
      return choices.includes(value) ? undefined : { type: 'literal_error', msg: `Input should be ${literalList(choices)}` };
    }
  }
}

/** pydantic's wording: "Input should be 'a', 'b' or 'c'". */
function literalList(choices: string[]): string {
  const quoted = choices.map((choice) => `'${choice}'`);
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** A schema instance carrying validated values (methods and getters of the class stay usable). */
export function instantiateConfig<T extends object>(schema: ConfigSchema<T>, values: Record<string, unknown>): T {
  return Object.assign(new schema(), values);
}

/** Validates and instantiates in one go; throws ConfigValidationError. */
export function parseConfig<T extends object>(
  schema: ConfigSchema<T>,
  input: Record<string, unknown>,
  options: ValidateOptions = {},
): T {
  const result = validateConfig(schema, input, options);
  if (!result.ok) throw new ConfigValidationError(result.errors);
  return instantiateConfig(schema, result.value);
}
