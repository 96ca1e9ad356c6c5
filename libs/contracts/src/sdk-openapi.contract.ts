import { z } from 'zod';

/**
 * What an SDK service's GET /openapi.json says about its configuration: every config property carries
 * `x-parameter` (how the playground draws it) plus JSON-schema `type`, `default` and bounds/choices.
 */
export const configParameterKindSchema = z.enum(['text', 'int', 'float', 'bool', 'choice', 'grouped_choice', 'prompt', 'messages']);
export type ConfigParameterKind = z.infer<typeof configParameterKindSchema>;

export const configPropertySchema = z.looseObject({
  'x-parameter': configParameterKindSchema,
  /** `object` and `array` for a built-in prompt (`prompt`, with its `messages`), ARCHITECTURE §16. */
  type: z.enum(['string', 'integer', 'number', 'boolean', 'object', 'array']),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  title: z.string().optional(),
  description: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
  /** choice: the allowed values; grouped_choice: the same values flattened. */
  enum: z.array(z.string()).optional(),
  /** grouped_choice only: group name → values. */
  choices: z.record(z.string(), z.array(z.string())).optional(),
});
export type ConfigProperty = z.infer<typeof configPropertySchema>;

export const configJsonSchemaSchema = z.looseObject({
  type: z.literal('object'),
  title: z.string().optional(),
  properties: z.record(z.string(), configPropertySchema),
  additionalProperties: z.boolean().optional(),
});
export type ConfigJsonSchema = z.infer<typeof configJsonSchemaSchema>;

/** One entry of the top-level `x-crucible-routes` array of an SDK service's /openapi.json. */
export const crucibleRouteDescriptorSchema = z.object({
  /** The route as declared: '/' for the entrypoint, '/summarize', … */
  path: z.string(),
  /** Playground endpoint (takes {inputs, config}): '/playground/run' or '/playground/run/summarize'. */
  playground_path: z.string(),
  /** Deployed endpoint (takes {inputs, environment} or {inputs, variant}): '/run' or '/run/summarize'. */
  deployed_path: z.string(),
  config_schema: configJsonSchemaSchema,
});
export type CrucibleRouteDescriptor = z.infer<typeof crucibleRouteDescriptorSchema>;

export const CRUCIBLE_ROUTES_EXTENSION = 'x-crucible-routes';

/** Default parameters of a config schema, as the api stores them when a variant is registered from a service. */
export function defaultParameters(schema: ConfigJsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, property.default]));
}
