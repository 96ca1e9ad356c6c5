import type { ConfigJsonSchema, ConfigProperty } from '@crucible/contracts';
import { allChoices, FieldSpec, SchemaDescription } from './schema-definition';

/** The inline JSON schema of a config class, with the `x-parameter` hints the playground draws controls from. */
export function configJsonSchema(description: SchemaDescription): ConfigJsonSchema {
  return {
    type: 'object',
    title: description.name,
    properties: Object.fromEntries(description.fields.map((field) => [field.name, fieldJsonSchema(field)])),
    additionalProperties: false,
  };
}

function fieldJsonSchema(field: FieldSpec): ConfigProperty {
  const base = {
    title: field.title ?? titleCase(field.name),
    ...(field.description ? { description: field.description } : {}),
  };
  switch (field.kind) {
    case 'str':
      return { ...base, type: 'string', 'x-parameter': 'text', default: field.default };
    case 'bool':
      return { ...base, type: 'boolean', 'x-parameter': 'bool', default: field.default };
    case 'int':
    case 'float':
      return {
        ...base,
        type: field.kind === 'int' ? 'integer' : 'number',
        'x-parameter': field.kind,
        default: field.default,
        ...(field.ge !== undefined ? { minimum: field.ge } : {}),
        ...(field.gt !== undefined ? { exclusiveMinimum: field.gt } : {}),
        ...(field.le !== undefined ? { maximum: field.le } : {}),
        ...(field.lt !== undefined ? { exclusiveMaximum: field.lt } : {}),
      };
    case 'choice':
      return { ...base, type: 'string', 'x-parameter': 'choice', default: field.default, enum: [...field.choices] };
    case 'grouped_choice':
      return {
        ...base,
        type: 'string',
        'x-parameter': 'grouped_choice',
        default: field.default,
        choices: Object.fromEntries(Object.entries(field.choices).map(([group, list]) => [group, [...list]])),
        enum: allChoices(field),
      };
  }
}

function titleCase(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}
