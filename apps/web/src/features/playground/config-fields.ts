import type { ConfigJsonSchema, ConfigProperty } from '@crucible/contracts';

export type ConfigValues = Record<string, unknown>;

/**
 * The slider range of a numeric field: ge/le as given, gt/lt nudged inside by one step, and a sensible range
 * around the default when the schema sets no bound.
 */
export function sliderBounds(property: ConfigProperty): { min: number; max: number; step: number } {
  const integer = property['x-parameter'] === 'int';
  const fallbackSpan = Math.max(1, Math.abs(Number(property.default)) * 2);
  const rawMin = property.minimum ?? property.exclusiveMinimum ?? Math.min(0, Number(property.default));
  const rawMax = property.maximum ?? property.exclusiveMaximum ?? rawMin + fallbackSpan;
  const span = Math.max(rawMax - rawMin, integer ? 1 : Number.EPSILON);
  const step = integer ? 1 : 10 ** (Math.floor(Math.log10(span)) - 2);
  const min = property.minimum === undefined && property.exclusiveMinimum !== undefined ? rawMin + step : rawMin;
  const max = property.maximum === undefined && property.exclusiveMaximum !== undefined ? rawMax - step : rawMax;
  return { min, max, step };
}

/** Decimals to show for a step (0.01 → 2). */
export const stepDecimals = (step: number): number => Math.max(0, -Math.floor(Math.log10(step)));

/** The schema's defaults, with a revision's stored values on top for the fields the schema still has. */
export function initialValues(schema: ConfigJsonSchema, parameters: Record<string, unknown> | undefined): ConfigValues {
  return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [
    name, parameters && name in parameters ? parameters[name] : property.default,
  ]));
}

/** Select data for a choice field: a flat list, or groups for grouped choices. */
export function choiceData(property: ConfigProperty): string[] | { group: string; items: string[] }[] {
  if (property['x-parameter'] === 'grouped_choice' && property.choices) {
    return Object.entries(property.choices).map(([group, items]) => ({ group, items }));
  }
  return property.enum ?? [];
}
