import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { HUMAN_EVALUATION_TYPES, type HumanEvaluationStatus } from '@crucible/domain';
import { id, jsonObject, nonEmpty, nullable, progressSchema, resultSchema, timestamp } from './common.wire';
import { scoreConfigSchema } from './score.wire';

/** An A/B test compares two revisions, a single-model test scores one; Agenta's clients may name variants instead. */
export class CreateHumanEvaluationDto extends createZodDto(z.object({
  app_id: id,
  evaluation_type: z.enum(HUMAN_EVALUATION_TYPES),
  revisions_ids: z.array(id).min(1).optional().describe('variant revision ids: two for human_a_b_testing, one for single_model_test'),
  variant_ids: z.array(id).min(1).optional().describe("variant ids: each variant's latest revision (when revisions_ids is absent)"),
  testset_id: id,
  inputs: z.array(nonEmpty).min(1).describe('test-set columns shown as inputs; default: all but the correct answer').nullish(),
  correct_answer_column: nonEmpty.nullish().meta({ example: 'correct_answer' }),
  score_config_ids: z.array(id).min(1).max(20).optional()
    .describe('single_model_test: judge each row on these score configs instead of the 1-5 score'),
  status: z.string().optional().describe("Agenta's clients send one; the runner sets the status"),
}).refine((body) => body?.revisions_ids !== undefined || body?.variant_ids !== undefined, {
  path: ['revisions_ids'], message: 'Field required', when: () => true,
})) {}

export class DeleteHumanEvaluationsDto extends createZodDto(z.object({ evaluations_ids: z.array(id).min(1) })) {}

/** Agenta's PUT /human-evaluations/{id}: the status moves (e.g. to EVALUATION_FINISHED once judged). */
const HUMAN_STATUSES = [
  'EVALUATION_INITIALIZED', 'EVALUATION_STARTED', 'EVALUATION_READY', 'EVALUATION_FINISHED', 'EVALUATION_FAILED',
] as const satisfies readonly HumanEvaluationStatus[];
export class UpdateHumanEvaluationDto extends createZodDto(z.object({ status: z.enum(HUMAN_STATUSES) })) {}

/** Vote and score depend on the kind of test, so the use case checks them (422 on body.vote / body.score). */
export class UpdateHumanScenarioDto extends createZodDto(z.object({
  vote: z.unknown().optional().describe('A/B test: a compared variant (revision) id, "1" (both good) or "0" (both bad); null clears'),
  score: z.unknown().optional().describe('single-model test: an integer 1-5 (or its string); null clears'),
  scores: z.array(z.object({
    config_id: id,
    value: nullable(z.union([z.number(), z.boolean()])).optional(),
    string_value: nullable(z.string().max(20_000)).optional(),
  }).strict()).min(1).max(20).optional()
    .describe('single-model test created with score_config_ids: a value per score config (ARCHITECTURE §18 rules); null value and string_value clear it'),
  correct_answer: nullable(z.string()).optional(),
  is_pinned: nullable(z.boolean()).optional(),
  note: nullable(z.string()).optional(),
  /** Agenta's clients send the outputs they showed; stored as each variant's output. */
  outputs: z.array(z.object({ variant_id: nonEmpty, variant_output: z.unknown() })).nullish(),
})) {}

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export class ExportHumanEvaluationQueryDto extends createZodDto(z.object({ format: z.enum(EXPORT_FORMATS).optional() })) {}

const variantSchema = z.object({
  variant_id: z.string(), variant_name: z.string(), variant_revision_id: z.string(), revision: z.number().int(),
});

const humanEvaluationMetricSchema = scoreConfigSchema.pick({ id: true, name: true, data_type: true, min: true, max: true, categories: true });

/** Agenta's HumanEvaluation (status a string) and, beside it, the grouped fields Crucible's clients read. */
export const humanEvaluationSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  project_id: z.string(),
  evaluation_type: z.enum(HUMAN_EVALUATION_TYPES),
  variants: z.array(variantSchema.extend({ parameters: jsonObject })),
  variant_ids: z.array(z.string()),
  variant_names: z.array(z.string()),
  variants_revision_ids: z.array(z.string()),
  revisions: z.array(z.string()),
  testset: z.object({ id: z.string(), name: z.string() }),
  testset_id: z.string(),
  testset_name: z.string(),
  testset_version: z.number().int().describe('The version of the test set the evaluation ran on'),
  inputs: z.array(z.string()),
  score_configs: z.array(humanEvaluationMetricSchema).describe('the score configs each row is judged on (as at creation); empty: the 1-5 score'),
  correct_answer_column: z.string(),
  status: z.enum(HUMAN_STATUSES),
  status_error: z.object({ message: z.string(), stacktrace: z.string().optional() }).optional(),
  progress: progressSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export class HumanEvaluationDto extends createZodDto(humanEvaluationSchema) {}

export const humanEvaluationStatusSchema = z.object({
  id: z.string(), status: resultSchema, progress: progressSchema,
});
export class HumanEvaluationStatusDto extends createZodDto(humanEvaluationStatusSchema) {}

/** Seed HumanEvaluationScenario; a failed output also carries its error. */
export const humanEvaluationScenarioSchema = z.object({
  id: z.string(),
  evaluation_id: z.string(),
  inputs: z.array(z.object({ input_name: z.string(), input_value: z.string() })),
  outputs: z.array(z.object({
    variant_id: z.string(),
    variant_revision_id: z.string(),
    variant_output: z.string(),
    error: z.object({ message: z.string(), stacktrace: z.string().optional() }).optional(),
  })),
  vote: nullable(z.string()),
  score: nullable(z.number().int()),
  scores: z.array(z.object({ config_id: z.string(), value: nullable(z.number()), string_value: nullable(z.string()) }))
    .describe('a multi-metric evaluation: this row\'s value per score config judged so far'),
  correct_answer: nullable(z.string()),
  is_pinned: z.boolean(),
  note: nullable(z.string()),
  modified_by: nullable(z.string()).describe('who judged this row last: the person\'s name, or the API key\'s; null until judged'),
  modified_by_id: nullable(z.string()).describe('the id of that person or key'),
});
export class HumanEvaluationScenarioDto extends createZodDto(humanEvaluationScenarioSchema) {}

const votesDataSchema = z.object({
  variants: z.array(z.string()),
  variant_names: z.array(z.string()),
  nb_of_rows: z.number().int(),
  flag_votes: z.object({ number_of_votes: z.number().int(), percentage: z.number() }),
  positive_votes: z.object({ number_of_votes: z.number().int(), percentage: z.number() }),
  variants_votes_data: z.record(z.string(), z.object({ number_of_votes: z.number().int(), percentage: z.number() })),
});

/** Our tallies, plus Agenta's `votes_data` (A/B) or `results_data` (scoring). */
export const humanEvaluationResultsSchema = z.object({
  evaluation_id: z.string(),
  evaluation_type: z.enum(HUMAN_EVALUATION_TYPES),
  judged: z.number().int(),
  total: z.number().int(),
  scores: z.record(z.string(), z.number().int()).optional(),
  mean: nullable(z.number()).optional(),
  results_data: z.record(z.string(), z.number().int()).optional(),
  metrics: z.array(z.object({
    config_id: z.string(),
    name: z.string(),
    data_type: humanEvaluationMetricSchema.shape.data_type,
    judged: z.number().int(),
    mean: nullable(z.number()).describe('numeric, categorical (of the values) and boolean (share of true) configs'),
    counts: z.record(z.string(), z.number().int()).describe('boolean and categorical configs: rows per label'),
  })).optional().describe('single_model_test created with score_config_ids: results per config'),
  variants: z.array(variantSchema.extend({ votes: z.number().int(), percentage: z.number() })).optional(),
  both_good: z.number().int().optional(),
  both_bad: z.number().int().optional(),
  votes_data: votesDataSchema.optional(),
});
export class HumanEvaluationResultsDto extends createZodDto(humanEvaluationResultsSchema) {}

export class HumanEvaluationExportDto extends createZodDto(z.array(z.record(z.string(), z.unknown()))) {}
