import { declaredFields, FieldDeclaration, FieldOptions, GroupedChoices, MCFieldOptions, ScalarType } from './field.decorator';

/** A configuration schema is a class with a no-argument constructor whose properties carry @Field / @MCField. */
export type ConfigSchema<T extends object = object> = new () => T;

interface FieldBase {
  name: string;
  title?: string;
  description?: string;
}
export interface NumberBounds {
  ge?: number;
  le?: number;
  gt?: number;
  lt?: number;
}
export type FieldSpec =
  | (FieldBase & { kind: 'str'; default: string })
  | (FieldBase & NumberBounds & { kind: 'int' | 'float'; default: number })
  | (FieldBase & { kind: 'bool'; default: boolean })
  | (FieldBase & { kind: 'choice'; default: string; choices: string[] })
  | (FieldBase & { kind: 'grouped_choice'; default: string; choices: Record<string, string[]> });

export interface SchemaDescription {
  name: string;
  fields: FieldSpec[];
}

/** A schema breaking the rules; thrown when a route declares it, naming the class and the field. */
export class SchemaDefinitionError extends Error {
  constructor(
    readonly schemaName: string,
    readonly field: string | undefined,
    problem: string,
  ) {
    super(`Invalid config schema ${schemaName}${field ? `.${field}` : ''}: ${problem}`);
    this.name = 'SchemaDefinitionError';
  }
}

const described = new WeakMap<object, SchemaDescription>();

export function describeSchema(schema: ConfigSchema): SchemaDescription {
  if (typeof schema !== 'function') {
    throw new SchemaDefinitionError(String(schema), undefined, 'a config schema must be a class');
  }
  const cached = described.get(schema);
  if (cached) return cached;
  const name = schema.name || 'AnonymousSchema';
  const description: SchemaDescription = {
    name,
    fields: declaredFields(schema).map((declaration) => {
      const fail = (problem: string): never => {
        throw new SchemaDefinitionError(name, declaration.name, problem);
      };
      return declaration.decorator === 'MCField' ? choiceSpec(declaration, fail) : scalarSpec(declaration, fail);
    }),
  };
  described.set(schema, description);
  return description;
}

type Fail = (problem: string) => never;

const DESIGN_TYPES = new Map<unknown, ScalarType>([
  [String, 'str'],
  [Number, 'float'],
  [Boolean, 'bool'],
]);
const JS_TYPE: Record<ScalarType, string> = { str: 'string', int: 'number', float: 'number', bool: 'boolean' };

function scalarSpec(declaration: FieldDeclaration & { decorator: 'Field' }, fail: Fail): FieldSpec {
  const options: Partial<FieldOptions> = declaration.options;
  const base = { name: declaration.name, title: options.title, description: options.description };
  if (options.default === undefined || options.default === null) fail('every field needs a default, e.g. @Field({ default: ... })');
  const kind = resolveKind(declaration, fail);
  const value = options.default as string | number | boolean;
  if (typeof value !== JS_TYPE[kind]) fail(`default ${JSON.stringify(value)} is not a ${kind}`);
  const bounds: NumberBounds = { ge: options.ge, le: options.le, gt: options.gt, lt: options.lt };
  const given = (Object.keys(bounds) as (keyof NumberBounds)[]).filter((key) => bounds[key] !== undefined);
  if (kind !== 'int' && kind !== 'float') {
    if (given.length > 0) fail(`${given.join(', ')} only apply to int and float fields`);
    return { ...base, kind, default: value } as FieldSpec;
  }
  const number = value as number;
  if (!Number.isFinite(number)) fail('default must be a finite number');
  if (kind === 'int' && !Number.isInteger(number)) fail(`default ${number} of an int field is not an integer`);
  checkBounds(bounds, given, number, fail);
  return { ...base, kind, default: number, ...Object.fromEntries(given.map((key) => [key, bounds[key]])) };
}

/** Explicit `type` wins; else the design:type metadata; else (no metadata emitted) the type of the default. */
function resolveKind(declaration: FieldDeclaration & { decorator: 'Field' }, fail: Fail): ScalarType {
  const explicit = declaration.options.type;
  if (explicit !== undefined && !(explicit in JS_TYPE)) fail(`type must be one of str, int, float, bool (got ${String(explicit)})`);
  const designType = declaration.designType;
  const fromDesign = designType === undefined ? undefined : DESIGN_TYPES.get(designType);
  if (designType !== undefined && !fromDesign) {
    fail(`unsupported type ${typeName(designType)}; a field must be a string, number (int/float) or boolean`);
  }
  if (explicit && fromDesign && JS_TYPE[explicit] !== JS_TYPE[fromDesign]) {
    fail(`type '${explicit}' does not match the property type ${typeName(designType)}`);
  }
  if (explicit) return explicit;
  if (fromDesign) return fromDesign;
  const byValue: Record<string, ScalarType> = { string: 'str', number: 'float', boolean: 'bool' };
  return byValue[typeof declaration.options.default] ?? fail(`unsupported default ${JSON.stringify(declaration.options.default)}`);
}

function checkBounds(bounds: NumberBounds, given: (keyof NumberBounds)[], value: number, fail: Fail): void {
  for (const key of given) if (typeof bounds[key] !== 'number' || !Number.isFinite(bounds[key])) fail(`${key} must be a finite number`);
  if (bounds.ge !== undefined && bounds.gt !== undefined) fail('give either ge or gt, not both');
  if (bounds.le !== undefined && bounds.lt !== undefined) fail('give either le or lt, not both');
  const lower = bounds.ge ?? bounds.gt;
  const upper = bounds.le ?? bounds.lt;
  if (lower !== undefined && upper !== undefined) {
    const exclusive = bounds.gt !== undefined || bounds.lt !== undefined;
    if (lower > upper || (exclusive && lower === upper)) {
      fail(`lower bound ${bounds.ge !== undefined ? 'ge' : 'gt'}=${lower} is above upper bound ${bounds.le !== undefined ? 'le' : 'lt'}=${upper}`);
    }
  }
  const violation = boundViolation(bounds, value);
  if (violation) fail(`default ${value} is out of bounds: it should be ${violation.description}`);
}

export function boundViolation(bounds: NumberBounds, value: number) {
  if (bounds.ge !== undefined && !(value >= bounds.ge)) return { type: 'greater_than_equal', description: `greater than or equal to ${bounds.ge}` };
  if (bounds.gt !== undefined && !(value > bounds.gt)) return { type: 'greater_than', description: `greater than ${bounds.gt}` };
  if (bounds.le !== undefined && !(value <= bounds.le)) return { type: 'less_than_equal', description: `less than or equal to ${bounds.le}` };
  if (bounds.lt !== undefined && !(value < bounds.lt)) return { type: 'less_than', description: `less than ${bounds.lt}` };
  return undefined;
}

function choiceSpec(declaration: FieldDeclaration & { decorator: 'MCField' }, fail: Fail): FieldSpec {
  const options: Partial<MCFieldOptions> = declaration.options;
  const base = { name: declaration.name, title: options.title, description: options.description };
  if (declaration.designType !== undefined && declaration.designType !== String) {
    fail(`MCField must be a string property, not ${typeName(declaration.designType)}`);
  }
  if (options.default === undefined || options.default === null) fail('every field needs a default, e.g. @MCField({ default: ..., choices })');
  if (typeof options.default !== 'string') fail(`default ${JSON.stringify(options.default)} is not a string`);
  const choices = options.choices;
  if (Array.isArray(choices)) {
    const list = choiceList(choices, 'choices', fail);
    if (!list.includes(options.default as string)) fail(`default "${options.default}" is not among the choices`);
    return { ...base, kind: 'choice', default: options.default as string, choices: list };
  }
  if (typeof choices !== 'object' || choices === null) fail('choices must be a list of strings or a mapping group → list of strings');
  const groups = Object.entries(choices as GroupedChoices);
  if (groups.length === 0) fail('choices has no groups');
  const grouped = Object.fromEntries(groups.map(([group, list]) => [group, choiceList(list, `choices group "${group}"`, fail)]));
  if (!Object.values(grouped).some((list) => list.includes(options.default as string))) {
    fail(`default "${options.default}" is not among the choices`);
  }
  return { ...base, kind: 'grouped_choice', default: options.default as string, choices: grouped };
}

function choiceList(list: unknown, label: string, fail: Fail): string[] {
  if (!Array.isArray(list) || list.length === 0) fail(`${label} must be a non-empty list of strings`);
  if (!(list as unknown[]).every((choice) => typeof choice === 'string')) fail(`${label} must contain only strings`);
  return [...(list as string[])];
}

function typeName(designType: unknown): string {
  return typeof designType === 'function' ? designType.name || 'anonymous' : String(designType);
}

/** Flattened choices of a choice field, in declaration order. */
export function allChoices(field: FieldSpec & { kind: 'choice' | 'grouped_choice' }): string[] {
  return field.kind === 'choice' ? field.choices : Object.values(field.choices).flat();
}

/** The defaults of every field, as a plain object. */
export function schemaDefaults(description: SchemaDescription): Record<string, unknown> {
  return Object.fromEntries(description.fields.map((field) => [field.name, field.default]));
}
