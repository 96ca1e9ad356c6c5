import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { RequestValidationError, type ValidationErrorItem } from './validation-error';

const TYPE_BY_EXPECTED: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['float_type', 'Input should be a valid number'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

/** A zod issue in the pydantic style the rest of the api answers with. */
function toItem(issue: z.core.$ZodIssue, root: Array<string | number>): ValidationErrorItem {
  const loc = [...root, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))];
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return { loc, msg: 'Field required', type: 'missing' };
    const [type, msg] = TYPE_BY_EXPECTED[issue.expected] ?? ['value_error', issue.message];
    return { loc, msg, type };
  }
  if (issue.code === 'too_big') {
    const type = issue.origin === 'array' ? 'too_long' : issue.origin === 'string' ? 'string_too_long' : 'less_than_equal';
    return { loc, msg: issue.message, type };
  }
  if (issue.code === 'too_small') {
    const type = issue.origin === 'array' ? 'too_short' : issue.origin === 'string' ? 'string_too_short' : 'greater_than_equal';
    return { loc, msg: issue.message, type };
  }
  if (issue.code === 'invalid_value') return { loc, msg: issue.message, type: 'literal_error' };
  if (issue.code === 'invalid_format') return { loc, msg: issue.message, type: 'string_pattern_mismatch' };
  return { loc, msg: issue.message, type: 'value_error' };
}

/** Validates a body against a shared wire schema (libs/contracts) and answers 422 like every other endpoint. */
export class ZodBodyPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) throw new RequestValidationError(parsed.error.issues.slice(0, 50).map((issue) => toItem(issue, ['body'])));
    return parsed.data;
  }
}
