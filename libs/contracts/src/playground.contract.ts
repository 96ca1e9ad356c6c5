import { z } from 'zod';
import { configJsonSchemaSchema } from './sdk-openapi.contract';
import { traceSchema } from './trace.contract';

/** GET /variants/{id}/schema: what the playground draws for a variant, read from its service's /openapi.json. */
export const variantSchemaResponseSchema = z.object({
  variant_id: z.string(),
  /** The service's base URL. */
  uri: z.string(),
  /** The variant's route ('/' for the entrypoint). */
  route: z.string(),
  /** Every route the service declares (multi-route services). */
  routes: z.array(z.string()),
  /** Names of the route's inputs, in declaration order. */
  inputs: z.array(z.string()),
  config_schema: configJsonSchemaSchema,
});
export type VariantSchemaResponse = z.infer<typeof variantSchemaResponseSchema>;

/** POST /variants/{id}/playground/run: the service's answer; `trace` is null when the service sent none. */
export const playgroundRunResponseSchema = z.object({
  data: z.unknown(),
  trace: traceSchema.nullable(),
});
export type PlaygroundRunResponse = z.infer<typeof playgroundRunResponseSchema>;
