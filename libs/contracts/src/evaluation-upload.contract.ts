import { z } from 'zod';

/** A score of the test process's own evaluator: a number, a bool, or why that evaluator failed on the row. */
export const uploadedScoreSchema = z.union([
  z.number(), z.boolean(), z.object({ error: z.string().min(1).describe('why the evaluator failed on this row') }),
]);
export type UploadedScoreWire = z.infer<typeof uploadedScoreSchema>;

/** One run of a test-set row as the test process ran it. */
export const uploadedScenarioSchema = z.object({
  row_index: z.number().int().min(0).describe("the test-set row's index (0-based), as GET /testsets/{id} lists them"),
  repetition: z.number().int().min(1).max(20).optional().describe('which run of the row this is (1-based, default 1); the evaluation has as many repetitions as the highest'),
  output: z.unknown().describe('what the task answered (any JSON value); ignored when error is set'),
  scores: z.record(z.string(), uploadedScoreSchema).default({}).describe("the test process's evaluators' scores, by evaluator name"),
  latency: z.number().min(0).nullish().describe('seconds the task took'),
  cost: z.number().min(0).nullish().describe('USD the task cost'),
  error: z.object({ message: z.string().min(1), stacktrace: z.string().optional() }).nullish().describe('the task threw: the row failed'),
});
export type UploadedScenarioWire = z.input<typeof uploadedScenarioSchema>;

/**
 * Body of `POST /evaluations/upload`, which the SDK's `evaluate()` sends: an evaluation whose rows a test process
 * produced, stored finished with `source: sdk`. Scores named in `scores` become evaluators of the evaluation (the
 * same name on the same app is the same metric in every upload); `evaluators_configs` are run by Crucible on each
 * row's output.
 */
export const evaluationUploadSchema = z.object({
  app_id: z.guid(),
  variant_id: z.guid().nullish().describe("the variant the task stands for (its latest revision is pinned); default: the app's only variant"),
  testset_id: z.guid(),
  evaluators_configs: z.array(z.guid()).default([]).describe('evaluator config ids Crucible runs on each uploaded output'),
  correct_answer_column: z.string().min(1).nullish().meta({ example: 'correct_answer' }),
  scenarios: z.array(uploadedScenarioSchema).min(1).max(100_000),
});
export type EvaluationUploadWire = z.input<typeof evaluationUploadSchema>;
