import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import type { ValidationIssue } from '@crucible/contracts';
import { RequestValidationError } from './validation-error';

type ZodIssue = z.core.$ZodIssue;

/** A class made by nestjs-zod's createZodDto: it carries its zod schema. */
const isZodDto = (metatype: unknown): metatype is { isZodDto: true; schema: z.ZodType } =>
  typeof metatype === 'function' && (metatype as { isZodDto?: unknown }).isZodDto === true;

const TYPE_BY_EXPECTED: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['float_type', 'Input should be a valid number'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

const SIZE_TYPES: Record<string, { small: string; big: string; unit: string }> = {
  number: { small: 'greater_than', big: 'less_than', unit: '' },
  string: { small: 'string_too_short', big: 'string_too_long', unit: ' characters' },
  array: { small: 'too_short', big: 'too_long', unit: ' items' },
};

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key as string)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The schema of the field a path names, wrappers (optional, nullable, default, coercion) removed. */
function schemaAt(root: z.ZodType, path: PropertyKey[]): z.ZodType | undefined {
  const unwrap = (schema: z.ZodType): z.ZodType => {
    let current = schema;
    for (;;) {
      if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap() as z.ZodType;
      else if (current instanceof z.ZodDefault) current = current.def.innerType as z.ZodType;
      else if (current instanceof z.ZodPipe) current = current.def.out as z.ZodType;
      else return current;
    }
  };
  let current: z.ZodType | undefined = unwrap(root);
  for (const key of path) {
    if (current instanceof z.ZodObject) current = (current.shape as Record<PropertyKey, z.ZodType>)[key];
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.def.valueType as z.ZodType;
    else return undefined;
    if (current) current = unwrap(current);
  }
  return current;
}

function sizeIssue(issue: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>): Omit<ValidationIssue, 'loc'> {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const kind = SIZE_TYPES[issue.origin] ?? SIZE_TYPES['number']!;
  if (kind === SIZE_TYPES['number']) {
    const relation = small ? 'greater than' : 'less than';
    return {
      type: `${small ? kind.small : kind.big}${issue.inclusive ? '_equal' : ''}`,
      msg: `Input should be ${relation}${issue.inclusive ? ' or equal to' : ''} ${String(limit)}`,
    };
  }
  return {
    type: small ? kind.small : kind.big,
    msg: `${issue.origin === 'string' ? 'String' : 'List'} should have at ${small ? 'least' : 'most'} ${String(limit)}${kind.unit}`,
  };
}

/** One zod issue in FastAPI/pydantic's words, so clients written for the seed service read our 422s unchanged. */
function toPydantic(issue: ZodIssue, input: unknown, schema: z.ZodType): Omit<ValidationIssue, 'loc'> {
  switch (issue.code) {
    case 'invalid_type': {
      const given = valueAt(input, issue.path);
      if (given === undefined || given === null) return { type: 'missing', msg: 'Field required' };
      // zod names an integer field's type `number` when the value is no number at all.
      const field = schemaAt(schema, issue.path);
      const expected = field instanceof z.ZodNumber && field.isInt ? 'int' : issue.expected;
      const [type, msg] = TYPE_BY_EXPECTED[expected] ?? ['value_error', issue.message];
      return { type, msg };
    }
    case 'too_small':
    case 'too_big':
      return sizeIssue(issue);
    case 'invalid_value':
      return { type: 'literal_error', msg: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(' or ')}` };
    case 'invalid_format':
      return issue.format === 'guid' || issue.format === 'uuid'
        ? { type: 'uuid_parsing', msg: 'Input should be a valid UUID' }
        : { type: 'string_pattern_mismatch', msg: issue.message };
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    default:
      if (issue.message === 'Field required') return { type: 'missing', msg: issue.message };
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
  }
}

/** Parses a value with a wire schema, or throws the 422 FastAPI would answer (at most 50 issues). */
export function parseWire<T extends z.ZodType>(schema: T, input: unknown, location: string): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new RequestValidationError(parsed.error.issues.slice(0, 50).map((issue) => ({
    loc: [location, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
    ...toPydantic(issue, input, schema),
  })));
}

/**
 * Parses bodies, queries and path params with the zod schema of their DTO and answers like FastAPI does.
 * Plain parameters (ids, files) pass through to their own pipes.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const dto = metadata.metatype;
    if (!isZodDto(dto) || metadata.type === 'custom') return value;
    const location = metadata.type === 'param' ? 'path' : metadata.type;
    const input = value ?? {};
    if (typeof input !== 'object' || Array.isArray(input)) {
      throw new RequestValidationError([
        { loc: [location], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' },
      ]);
    }
    return parseWire(dto.schema, input, location);
  }
}
