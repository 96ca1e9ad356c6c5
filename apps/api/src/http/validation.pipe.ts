import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { type RequestPart, type RequestViolation, presentViolation } from '../presenters/input-violation.presenter';
import { RequestValidationError } from './validation-error';

type ZodIssue = z.core.$ZodIssue;

/** A class made by nestjs-zod's createZodDto: it carries its zod schema. */
const isZodDto = (metatype: unknown): metatype is { isZodDto: true; schema: z.ZodType } =>
  typeof metatype === 'function' && (metatype as { isZodDto?: unknown }).isZodDto === true;

/** zod's name for a value's type → our rule, and pydantic's message for it. */
const TYPE_RULES: Record<string, [RequestViolation['rule'], string]> = {
  string: ['not_text', 'Input should be a valid string'],
  number: ['not_number', 'Input should be a valid number'],
  int: ['not_integer', 'Input should be a valid integer'],
  boolean: ['not_boolean', 'Input should be a valid boolean'],
  array: ['not_list', 'Input should be a valid list'],
  object: ['not_object', 'Input should be a valid dictionary'],
  record: ['not_object', 'Input should be a valid dictionary'],
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

type Refusal = Omit<RequestViolation, 'field'>;

function sizeRefusal(issue: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>): Refusal {
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'string' || issue.origin === 'array') {
    const [noun, unit] = issue.origin === 'string' ? ['String', ' characters'] : ['List', ' items'];
    const rule = issue.origin === 'string' ? (small ? 'text_too_short' : 'text_too_long') : (small ? 'too_few_items' : 'too_many_items');
    return { rule, reason: `${noun} should have at ${small ? 'least' : 'most'} ${limit}${unit}` };
  }
  const inclusive = issue.inclusive === true;
  const rule = small ? (inclusive ? 'below_minimum' : 'not_above_minimum') : (inclusive ? 'above_maximum' : 'not_below_maximum');
  return { rule, reason: `Input should be ${small ? 'greater' : 'less'} than${inclusive ? ' or equal to' : ''} ${limit}` };
}

/** One zod issue as the rule it breaks, in FastAPI/pydantic's words (presentViolation names its pydantic type). */
function refusalOf(issue: ZodIssue, input: unknown, schema: z.ZodType): Refusal {
  switch (issue.code) {
    case 'invalid_type': {
      const given = valueAt(input, issue.path);
      if (given === undefined || given === null) return { rule: 'required', reason: 'Field required' };
      // zod names an integer field's type `number` when the value is no number at all.
      const field = schemaAt(schema, issue.path);
      const expected = field instanceof z.ZodNumber && field.isInt ? 'int' : issue.expected;
      const [rule, reason] = TYPE_RULES[expected] ?? ['invalid_value', issue.message];
      return { rule, reason };
    }
    case 'too_small':
    case 'too_big':
      return sizeRefusal(issue);
    case 'invalid_value':
      return { rule: 'not_a_choice', reason: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(' or ')}` };
    case 'invalid_format':
      return issue.format === 'guid' || issue.format === 'uuid'
        ? { rule: 'not_uuid', reason: 'Input should be a valid UUID' }
        : { rule: 'pattern_mismatch', reason: issue.message };
    case 'unrecognized_keys':
      return { rule: 'unknown_field', reason: 'Extra inputs are not permitted' };
    default:
      if (issue.message === 'Field required') return { rule: 'required', reason: issue.message };
      return { rule: 'invalid_value', reason: `Value error, ${issue.message}` };
  }
}

/** Parses a value with a wire schema, or throws the 422 FastAPI would answer (at most 50 issues). */
export function parseWire<T extends z.ZodType>(schema: T, input: unknown, location: RequestPart): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new RequestValidationError(parsed.error.issues.slice(0, 50).map((issue) => presentViolation({
    field: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    ...refusalOf(issue, input, schema),
  }, location)));
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
    return parseDto(dto, value, metadata.type === 'param' ? 'path' : metadata.type);
  }
}

/** A body, query or path parameters parsed with their DTO's schema, as the pipe does (and a lean route, lean-route.ts). */
export function parseDto<T extends z.ZodType>(dto: { schema: T }, value: unknown, location: RequestPart): z.infer<T> {
  const input = value ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw RequestValidationError.of(location, [], 'Input should be a valid dictionary or object to extract fields from', 'not_a_dictionary_body');
  }
  return parseWire(dto.schema, input, location);
}
