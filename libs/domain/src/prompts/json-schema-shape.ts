const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMAS = ['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems'];
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];
const MAX_DEPTH = 32;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What makes a value not a JSON Schema (draft 2020-12's keywords, by the types they must have), with where: null when
 * it is one. Providers refuse a malformed schema at call time; saying so at save time names the field instead.
 */
export function jsonSchemaProblem(schema: unknown, at = '', depth = 0): string | null {
  const where = at || 'the schema';
  if (typeof schema === 'boolean') return null;
  if (!isObject(schema)) return `${where} must be an object`;
  if (depth > MAX_DEPTH) return `${where} is nested deeper than ${MAX_DEPTH} levels`;
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const wrong = types.find((item) => typeof item !== 'string' || !TYPES.has(item));
    if (types.length === 0 || wrong !== undefined) return `${where}.type must be one of ${[...TYPES].join(', ')} (or a list of them), not ${JSON.stringify(wrong ?? type)}`;
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (map === undefined) continue;
    if (!isObject(map)) return `${where}.${key} must be an object of schemas`;
    for (const [name, child] of Object.entries(map)) {
      const problem = jsonSchemaProblem(child, `${where}.${key}.${name}`, depth + 1);
      if (problem) return problem;
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) return `${where}.${key} must be a non-empty list of schemas`;
    for (const [index, child] of list.entries()) {
      const problem = jsonSchemaProblem(child, `${where}.${key}.${index}`, depth + 1);
      if (problem) return problem;
    }
  }
  for (const key of [...SCHEMAS, 'items', 'additionalProperties']) {
    if (schema[key] === undefined) continue;
    const problem = jsonSchemaProblem(schema[key], `${where}.${key}`, depth + 1);
    if (problem) return problem;
  }
  const required = schema['required'];
  if (required !== undefined && (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))) return `${where}.required must be a list of property names`;
  if (schema['enum'] !== undefined && !Array.isArray(schema['enum'])) return `${where}.enum must be a list`;
  const badNumber = NUMBERS.find((key) => schema[key] !== undefined && typeof schema[key] !== 'number');
  if (badNumber) return `${where}.${badNumber} must be a number`;
  const badCount = COUNTS.find((key) => schema[key] !== undefined && !(Number.isInteger(schema[key]) && (schema[key] as number) >= 0));
  if (badCount) return `${where}.${badCount} must be a non-negative integer`;
  if (schema['pattern'] !== undefined && typeof schema['pattern'] !== 'string') return `${where}.pattern must be a string`;
  return null;
}
