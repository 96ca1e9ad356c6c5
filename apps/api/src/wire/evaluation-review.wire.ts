import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { jsonObject, nullable, resultSchema } from './common.wire';
import { rateLimitSchema } from './evaluation.wire';

export const EVALUATION_EXPORT_FORMATS = ['json', 'csv'] as const;
export class ExportEvaluationQueryDto extends createZodDto(z.object({ format: z.enum(EVALUATION_EXPORT_FORMATS).optional() })) {}

export class RerunEvaluationDto extends createZodDto(z.object({
  rate_limit: rateLimitSchema.describe('defaults to the rate limit of the evaluation re-run').nullish(),
})) {}

/** One sample to try an evaluator on, before saving its config. */
export class RunEvaluatorDto extends createZodDto(z.object({
  settings_values: jsonObject.describe('settings, as in an evaluator config').nullish(),
  inputs: jsonObject.describe('the test-set row').nullish(),
  output: z.unknown().refine((value) => value !== undefined, { message: 'Field required' }).describe('what the application answered (any JSON value)'),
  correct_answer: z.unknown().optional().describe('the ground truth, if the evaluator needs one'),
  app_params: jsonObject.describe('parameters of the revision').nullish(),
})) {}

export const evaluatorRunResponseSchema = z.object({ result: resultSchema });
export class EvaluatorRunResponseDto extends createZodDto(evaluatorRunResponseSchema) {}

const nullableNumber = nullable(z.number());

/** Wire shape of `GET /evaluations/compare` (ARCHITECTURE §11); the CLI gate and the console read it. */
export const evaluationComparisonSchema = z.object({
  baseline_evaluation_id: z.string(),
  confidence_level: z.number(),
  significance_level: z.number(),
  bootstrap_resamples: z.number().int(),
  evaluations: z.array(z.object({
    id: z.string(), variant_name: z.string(), revision: z.number().int(), testset_version: z.number().int(), status: resultSchema,
  })),
  metrics: z.array(z.object({
    metric: z.enum(['evaluator', 'cost', 'latency']),
    evaluator_config: z.object({ id: z.string(), name: z.string(), evaluator_key: z.string() }).nullable(),
    value_type: z.enum(['bool', 'number']),
    higher_is_better: z.boolean(),
    evaluations: z.array(z.object({
      evaluation_id: z.string(),
      n: z.number().int().describe('rows with a value (a row\'s value is the mean of its repetitions that have one)'),
      errored_rows: z.number().int().describe('rows left out: the application or the evaluator errored on every repetition'),
      mean: nullableNumber.describe('mean over rows of each row\'s mean over its repetitions; bools: fraction true (0–1)'),
      within_row_sd: nullableNumber.describe(
        'mean over rows with two or more valued repetitions of their sample standard deviation; null when no row has two',
      ),
      ci_low: nullableNumber.describe('95 % percentile-bootstrap interval, low end'),
      ci_high: nullableNumber,
    })),
    comparisons: z.array(z.object({
      evaluation_id: z.string(),
      baseline_evaluation_id: z.string(),
      n: z.number().int().describe('rows with a value on both sides'),
      excluded_rows: z.number().int().describe('rows left out: errored or missing on either side'),
      difference: nullableNumber.describe('mean of (this − baseline) over the paired rows'),
      ci_low: nullableNumber,
      ci_high: nullableNumber,
      p_value: nullableNumber,
      test: z.enum(['mcnemar_exact', 'wilcoxon_exact', 'wilcoxon_normal']).nullable(),
      verdict: z.enum(['better', 'worse', 'no_significant_difference']),
    })),
  })),
});
export class EvaluationComparisonDto extends createZodDto(evaluationComparisonSchema) {}
