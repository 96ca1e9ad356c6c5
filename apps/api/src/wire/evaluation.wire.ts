import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import type { RevisionChoice } from '@crucible/application';
import { evaluationUploadSchema } from '@crucible/contracts';
import { DEFAULT_REPETITIONS, EVALUATION_SOURCES, MAX_REPETITIONS, RATE_LIMIT_BOUNDS as B, type RateLimit } from '@crucible/domain';
import { id, nonEmpty, nullable, progressSchema, resultSchema, timestamp } from './common.wire';
import { evaluatorConfigSchema } from './evaluator.wire';

const bounded = (bounds: { min: number; max: number }, description: string) =>
  z.number().int().min(bounds.min).max(bounds.max).describe(description);

/** Units: seconds (ARCHITECTURE §3). */
export const rateLimitSchema = z.object({
  batch_size: bounded(B.batch_size, 'rows invoked concurrently'),
  max_retries: bounded(B.max_retries, 'further tries on connection errors, time-outs, 429 and 5xx'),
  retry_delay: bounded(B.retry_delay, 'seconds between tries'),
  delay_between_batches: bounded(B.delay_between_batches, 'seconds between batches'),
});

export const rateLimitFromWire = (wire: z.infer<typeof rateLimitSchema>): RateLimit => ({
  batchSize: wire.batch_size,
  maxRetries: wire.max_retries,
  retryDelaySeconds: wire.retry_delay,
  delayBetweenBatchesSeconds: wire.delay_between_batches,
});

const repetitionsSchema = z.number().int().min(1).max(MAX_REPETITIONS);

/** Agenta's clients name variants where we name revisions; revision ids win when both are given. */
export const revisionChoiceFromWire = (body: { revisions_ids?: string[]; variant_ids?: string[] }): RevisionChoice =>
  (body.revisions_ids ? { revisionIds: body.revisions_ids } : { variantIds: body.variant_ids ?? [] });

/** Seed operation 2. Agenta's clients name variants (`variant_ids`: their latest revisions) instead of revisions. */
export class CreateEvaluationDto extends createZodDto(z.object({
  app_id: id,
  revisions_ids: z.array(id).min(1).optional().describe('variant revision ids; one evaluation each'),
  variant_ids: z.array(id).min(1).optional().describe("variant ids: each variant's latest revision (when revisions_ids is absent)"),
  evaluators_configs: z.array(id).describe('evaluator config ids'),
  testset_id: id,
  rate_limit: rateLimitSchema,
  correct_answer_column: nonEmpty.nullish().meta({ example: 'correct_answer' }),
  repetitions: repetitionsSchema.optional().describe(`how many times each row runs (1–${MAX_REPETITIONS}); ${DEFAULT_REPETITIONS} when absent`),
}).refine((body) => body?.revisions_ids !== undefined || body?.variant_ids !== undefined, {
  path: ['revisions_ids'], message: 'Field required', when: () => true,
})) {}

/** Body of `POST /evaluations/upload`, shared with the SDK's `evaluate()` (libs/contracts). */
export class UploadEvaluationDto extends createZodDto(evaluationUploadSchema) {}

export class DeleteEvaluationsDto extends createZodDto(z.object({ evaluations_ids: z.array(id).min(1) })) {}

const comparisonQuerySchema = z.object({
  evaluations_ids: nonEmpty.describe('comma-separated evaluation ids'),
});
export class ComparisonQueryDto extends createZodDto(comparisonQuerySchema) {}

export class StatisticalComparisonQueryDto extends createZodDto(comparisonQuerySchema.extend({
  allow_different_versions: z.enum(['true', 'false']).optional().describe(
    'Compare evaluations run on different versions of the test set, on the rows their versions share (matched by content)',
  ),
})) {}

export const aggregatedResultSchema = z.object({ evaluator_config: evaluatorConfigSchema, result: resultSchema });

/** Seed Evaluation, field for field. */
export const evaluationSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  project_id: z.string(),
  variant_ids: z.array(z.string()),
  variant_names: z.array(z.string()),
  variant_revision_ids: z.array(z.string()),
  revisions: z.array(z.string()),
  testset_id: z.string(),
  testset_name: z.string(),
  source: z.enum(EVALUATION_SOURCES).describe('api: run by Crucible (POST /evaluations); sdk: rows uploaded by a test process (POST /evaluations/upload)'),
  repetitions: repetitionsSchema.describe('how many times each row runs; aggregates average within a row first'),
  testset_version: z.number().int().describe('The version of the test set the evaluation ran on, pinned when it was created'),
  status: resultSchema,
  aggregated_results: z.array(aggregatedResultSchema),
  average_cost: resultSchema.optional(),
  total_cost: resultSchema.optional(),
  average_latency: resultSchema.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export class EvaluationDto extends createZodDto(evaluationSchema) {}

/** The rows stored so far, and how many of them went wrong: what a waiting client (the CLI's progress) shows. */
const evaluationProgressSchema = progressSchema.extend({
  failed_rows: z.number().int().describe('stored rows whose invocation failed'),
  evaluator_errors: z.number().int().describe('error results among the stored rows\' evaluators'),
});
export const evaluationStatusSchema = z.object({ id: z.string(), status: resultSchema, progress: evaluationProgressSchema });
export class EvaluationStatusDto extends createZodDto(evaluationStatusSchema) {}

export const evaluationResultsSchema = z.object({
  evaluation_id: z.string(),
  status: resultSchema,
  results: z.array(aggregatedResultSchema),
  average_cost: resultSchema.optional(),
  total_cost: resultSchema.optional(),
  average_latency: resultSchema.optional(),
});
export class EvaluationResultsDto extends createZodDto(evaluationResultsSchema) {}

const scenarioResultSchema = z.object({
  evaluator_config: z.string(),
  evaluator_key: z.string().optional(),
  result: resultSchema,
  /** USD the evaluator's own model calls cost (an LLM judge), computed by Crucible from the model's prices. */
  cost: z.number().optional(),
  cost_source: z.literal('computed').optional(),
});

/**
 * Agenta's EvaluationScenario (inputs, outputs, correct_answers, results) and, beside it, the flat fields
 * Crucible's own clients read (row_index, output, correct_answer, latency, cost, error).
 */
export const evaluationScenarioSchema = z.object({
  id: z.string(),
  evaluation_id: z.string(),
  row_index: z.number().int(),
  repetition: z.number().int().describe('which run of the row this is, 1-based (1 to the evaluation\'s repetitions)'),
  inputs: z.array(z.object({ name: z.string(), type: z.string(), value: z.unknown() })),
  outputs: z.array(z.object({ result: resultSchema, cost: nullable(z.number()), latency: nullable(z.number()) })),
  correct_answers: z.array(z.object({ key: z.string(), value: z.unknown() })),
  results: z.array(scenarioResultSchema),
  is_pinned: z.boolean(),
  note: z.string(),
  output: z.unknown(),
  correct_answer: z.unknown(),
  latency: nullable(z.number()),
  cost: nullable(z.number()),
  error: z.object({ message: z.string(), stacktrace: z.string().optional() }).nullable(),
  trace_id: nullable(z.string()).describe("the trace of this row's invocation (GET /traces/{trace_id}); null when none was recorded"),
  created_at: timestamp,
});
export class EvaluationScenarioDto extends createZodDto(evaluationScenarioSchema) {}

export const comparisonSchema = z.object({
  evaluations: z.array(z.object({ id: z.string(), variant_name: z.string(), revision: z.number().int(), status: resultSchema })),
  rows: z.array(z.object({
    row_index: z.number().int(),
    repetition: z.number().int().describe('which run of the row, 1-based: the n-th runs of each evaluation side by side'),
    inputs: z.record(z.string(), z.unknown()),
    correct_answer: z.unknown(),
    variants: z.array(z.object({
      evaluation_id: z.string(),
      variant_name: z.string(),
      output: z.unknown(),
      error: z.object({ message: z.string(), stacktrace: z.string().optional() }).nullable(),
      results: z.array(scenarioResultSchema),
      latency: nullable(z.number()),
      cost: nullable(z.number()),
    })),
  })),
});
export class ComparisonDto extends createZodDto(comparisonSchema) {}
