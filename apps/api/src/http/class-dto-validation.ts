import { plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import type { ValidationIssue } from '../wire/common.wire';
import { RequestValidationError } from './validation-error';

/** class-validator constraint → pydantic-style error type and message, in the order we report them. */
const CONSTRAINT_TYPES: Array<[string, string, string]> = [
  ['isString', 'string_type', 'Input should be a valid string'],
  ['isInt', 'int_type', 'Input should be a valid integer'],
  ['isNumber', 'float_type', 'Input should be a valid number'],
  ['isBoolean', 'bool_type', 'Input should be a valid boolean'],
  ['isArray', 'list_type', 'Input should be a valid list'],
  ['isObject', 'dict_type', 'Input should be a valid dictionary'],
  ['nestedValidation', 'dict_type', 'Input should be a valid dictionary'],
  ['isUuid', 'uuid_parsing', 'Input should be a valid UUID'],
  ['isIn', 'literal_error', ''],
  ['min', 'greater_than_equal', ''],
  ['max', 'less_than_equal', ''],
  ['isNotEmpty', 'string_too_short', 'String should have at least 1 character'],
  ['minLength', 'string_too_short', ''],
  ['maxLength', 'string_too_long', ''],
  ['arrayNotEmpty', 'too_short', 'List should have at least 1 item'],
  ['arrayMinSize', 'too_short', ''],
  ['arrayMaxSize', 'too_long', ''],
];

function toItems(errors: ValidationError[], loc: Array<string | number>): ValidationIssue[] {
  return errors.flatMap((error) => {
    const here = [...loc, /^\d+$/.test(error.property) ? Number(error.property) : error.property];
    if (error.children?.length) return toItems(error.children, here);
    const constraints = error.constraints ?? {};
    if (error.value === undefined || error.value === null) {
      if (constraints['isDefined'] || !('isOptional' in constraints)) {
        return [{ loc: here, msg: 'Field required', type: 'missing' }];
      }
    }
    const known = CONSTRAINT_TYPES.find(([key]) => key in constraints);
    const [key, type, msg] = known ?? [Object.keys(constraints)[0] ?? 'value', 'value_error', ''];
    return [{ loc: here, msg: msg || constraints[key] || 'Invalid value', type }];
  });
}

/**
 * class-transformer walks nested plain objects and throws on a key named `constructor` that is not a
 * function (free-form JSON such as parameters or test set rows may hold one). Such a body is still
 * valid input: validate a shallow copy instead, defining each property so that no key (not even
 * `__proto__`) can reach the prototype.
 */
function toInstance(dto: new () => object, plain: object): object {
  try {
    return plainToInstance(dto, plain);
  } catch {
    const instance: object = Object.create(dto.prototype);
    for (const [key, value] of Object.entries(plain)) {
      Object.defineProperty(instance, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return instance;
  }
}

/**
 * Validates against a class-validator DTO, for the DTOs not yet moved to zod wire schemas (apps/api/src/wire);
 * answers like FastAPI does, as the zod path does.
 */
export async function validateClassDto(dto: new () => object, plain: object, location: string): Promise<object> {
  const instance = toInstance(dto, plain);
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) throw new RequestValidationError(toItems(errors, [location]));
  return instance;
}
