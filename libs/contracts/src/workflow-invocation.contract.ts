import { z } from 'zod';
import { traceSchema } from './trace.contract';

const inputsSchema = z.record(z.string(), z.unknown());

/** Body of POST /playground/run/{route} (entrypoint: /generate, /playground/run). @public: the SDK's request parsing. */
export const playgroundRunRequestSchema = z.object({
  inputs: inputsSchema.default({}),
  config: z.record(z.string(), z.unknown()).default({}),
});

/** Body of POST /run/{route} (entrypoint: /run, /generate_deployed). @public: the SDK's request parsing. */
export const deployedRunRequestSchema = z.union([
  z.object({ inputs: inputsSchema.default({}), environment: z.string().min(1), app_id: z.string().optional() }),
  z.object({
    inputs: inputsSchema.default({}),
    variant: z.object({ id: z.string().min(1), revision: z.number().int().positive().nullish().describe('absent or null: the latest') }),
  }),
]);

export const workflowResponseSchema = z.object({
  data: z.unknown(),
  trace: traceSchema,
});

/** A workflow that throws answers 500 with this body; the runner stores message and stacktrace. */
export const workflowErrorResponseSchema = z.object({
  detail: z.object({ message: z.string(), stacktrace: z.string().optional() }),
});
