import { z } from 'zod';

/** Queue payloads, parsed by producer (api) and consumer (workflow-runner) alike. */
const evaluationJobSchema = z.object({
  kind: z.literal('evaluation'),
  evaluation_id: z.string().uuid(),
  project_id: z.string().uuid(),
});

const humanEvaluationJobSchema = z.object({
  kind: z.literal('human_evaluation'),
  human_evaluation_id: z.string().uuid(),
  project_id: z.string().uuid(),
});

export const jobSchema = z.discriminatedUnion('kind', [evaluationJobSchema, humanEvaluationJobSchema]);
export type Job = z.infer<typeof jobSchema>;

export const QUEUE_NAME = 'crucible-jobs';
