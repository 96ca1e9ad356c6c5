import { z } from 'zod';
import { traceSchema } from './trace.contract';

const inputsSchema = z.record(z.string(), z.unknown());

/** Body of POST /playground/run/{route} (entrypoint: /generate, /playground/run). */
export const playgroundRunRequestSchema = z.object({
  inputs: inputsSchema.default({}),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type PlaygroundRunRequest = z.input<typeof playgroundRunRequestSchema>;

/** Body of POST /run/{route} (entrypoint: /run, /generate_deployed). */
export const deployedRunRequestSchema = z.union([
  z.object({ inputs: inputsSchema.default({}), environment: z.string().min(1), app_id: z.string().optional() }),
  z.object({
    inputs: inputsSchema.default({}),
    variant: z.object({ id: z.string().min(1), revision: z.number().int().positive().nullish().describe('absent or null: the latest') }),
  }),
]);
export type DeployedRunRequest = z.input<typeof deployedRunRequestSchema>;

export const workflowResponseSchema = z.object({
  data: z.unknown(),
  trace: traceSchema,
});
export type WorkflowResponse = z.infer<typeof workflowResponseSchema>;

/** A workflow that throws answers 500 with this body; the runner stores message and stacktrace. */
export const workflowErrorResponseSchema = z.object({
  detail: z.object({ message: z.string(), stacktrace: z.string().optional() }),
});
export type WorkflowErrorResponse = z.infer<typeof workflowErrorResponseSchema>;
