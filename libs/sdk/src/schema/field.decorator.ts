import 'reflect-metadata';

export type ScalarType = 'str' | 'int' | 'float' | 'bool';
export type ChoiceList = readonly string[];
export type GroupedChoices = Readonly<Record<string, readonly string[]>>;

export interface FieldOptions {
  /** Required: every configuration field has a default. */
  default: string | number | boolean;
  /** Numeric bounds (pydantic's ge/le/gt/lt). */
  ge?: number;
  le?: number;
  gt?: number;
  lt?: number;
  /**
   * Needed only to tell int from float: a `number` property is a float unless `type: 'int'` is given.
   * For str and bool the property's TypeScript type (design:type) is enough.
   */
  type?: ScalarType;
  title?: string;
  description?: string;
}

export interface MCFieldOptions {
  default: string;
  /** A flat list (dropdown) or a mapping group name → list (grouped dropdown). */
  choices: ChoiceList | GroupedChoices;
  title?: string;
  description?: string;
}

export type FieldDeclaration =
  | { name: string; decorator: 'Field'; options: Partial<FieldOptions>; designType: unknown }
  | { name: string; decorator: 'MCField'; options: Partial<MCFieldOptions>; designType: unknown };

/** Keyed by the schema class; a subclass inherits (and may override) its parent's fields. */
const declarations = new WeakMap<object, FieldDeclaration[]>();

function declare(target: object, declaration: FieldDeclaration): void {
  const owner = target.constructor;
  const own = declarations.get(owner) ?? [];
  declarations.set(owner, [...own.filter((existing) => existing.name !== declaration.name), declaration]);
}

/** Declared fields of a schema class, parents first. */
export function declaredFields(schema: object): FieldDeclaration[] {
  const chain: object[] = [];
  for (let current: unknown = schema; typeof current === 'function' && current !== Function.prototype; ) {
    chain.unshift(current);
    current = Object.getPrototypeOf(current);
  }
  const byName = new Map<string, FieldDeclaration>();
  for (const klass of chain) for (const declaration of declarations.get(klass) ?? []) byName.set(declaration.name, declaration);
  return [...byName.values()];
}

/** A str, int, float or bool configuration field: `@Field({ default: 0.7, ge: 0, le: 2 }) temperature!: number;` */
export function Field(options: FieldOptions): PropertyDecorator {
  return (target, propertyKey) => {
    declare(target, {
      name: String(propertyKey),
      decorator: 'Field',
      options: options ?? {},
      designType: Reflect.getMetadata('design:type', target, propertyKey),
    });
  };
}

/** A multiple-choice str field shown as a dropdown: `@MCField({ default: 'gpt-4o-mini', choices: supportedLlmModels })`. */
export function MCField(options: MCFieldOptions): PropertyDecorator {
  return (target, propertyKey) => {
    declare(target, {
      name: String(propertyKey),
      decorator: 'MCField',
      options: options ?? {},
      designType: Reflect.getMetadata('design:type', target, propertyKey),
    });
  };
}
