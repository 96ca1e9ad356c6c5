import type { z } from 'zod';
import {
  type HumanEvaluation, type HumanEvaluationMetric, type HumanEvaluationScenario, type HumanEvaluationVariant, DEFAULT_CORRECT_ANSWER_COLUMN, displayValue,
} from '@crucible/domain';
import type { HumanEvaluationResults } from '@crucible/application';
import type { resultSchema } from '../wire/common.wire';
import type {
  humanEvaluationResultsSchema, humanEvaluationScenarioSchema, humanEvaluationSchema, humanEvaluationStatusSchema,
} from '../wire/human-evaluation.wire';

const iso = (date: Date): string => date.toISOString();

const presentStatus = (evaluation: HumanEvaluation): z.input<typeof resultSchema> => ({
  type: 'status',
  value: evaluation.status,
  ...(evaluation.statusError ? { error: evaluation.statusError } : {}),
});

const presentMetric = (metric: HumanEvaluationMetric) => ({
  id: metric.id, name: metric.name, data_type: metric.dataType, min: metric.min, max: metric.max, categories: metric.categories,
});

const presentVariant = (variant: HumanEvaluationVariant) => ({
  variant_id: variant.variantId,
  variant_name: variant.variantName,
  variant_revision_id: variant.variantRevisionId,
  revision: variant.revision,
});

/** The flat id/name arrays are Agenta's HumanEvaluation fields; `variants` and `testset` group them. */
export const presentHumanEvaluation = (evaluation: HumanEvaluation): z.input<typeof humanEvaluationSchema> => ({
  id: evaluation.id,
  app_id: evaluation.appId,
  project_id: evaluation.projectId,
  evaluation_type: evaluation.evaluationType,
  variants: evaluation.variants.map((v) => ({ ...presentVariant(v), parameters: v.parameters })),
  variant_ids: evaluation.variants.map((v) => v.variantId),
  variant_names: evaluation.variants.map((v) => v.variantName),
  variants_revision_ids: evaluation.variants.map((v) => v.variantRevisionId),
  revisions: evaluation.variants.map((v) => String(v.revision)),
  testset: { id: evaluation.testsetId, name: evaluation.testsetName },
  testset_id: evaluation.testsetId,
  testset_name: evaluation.testsetName,
  testset_version: evaluation.testsetVersion,
  inputs: evaluation.inputColumns,
  score_configs: evaluation.metrics.map(presentMetric),
  correct_answer_column: evaluation.correctAnswerColumn ?? DEFAULT_CORRECT_ANSWER_COLUMN,
  status: evaluation.status,
  ...(evaluation.statusError ? { status_error: evaluation.statusError } : {}),
  progress: { done: evaluation.progressDone, total: evaluation.progressTotal },
  created_at: iso(evaluation.createdAt),
  updated_at: iso(evaluation.updatedAt),
});

export const presentHumanEvaluationStatus = (evaluation: HumanEvaluation): z.input<typeof humanEvaluationStatusSchema> => ({
  id: evaluation.id,
  status: presentStatus(evaluation),
  progress: { done: evaluation.progressDone, total: evaluation.progressTotal },
});

/** Seed HumanEvaluationScenario; a failed output also carries its error. */
export const presentHumanScenario = (scenario: HumanEvaluationScenario): z.input<typeof humanEvaluationScenarioSchema> => ({
  id: scenario.id,
  evaluation_id: scenario.evaluationId,
  inputs: scenario.inputs.map((input) => ({ input_name: input.name, input_value: displayValue(input.value) })),
  outputs: scenario.outputs.map((output) => ({
    variant_id: output.variantId,
    variant_revision_id: output.variantRevisionId,
    variant_output: displayValue(output.output),
    ...(output.error ? { error: output.error } : {}),
  })),
  vote: scenario.vote,
  score: scenario.score,
  scores: Object.entries(scenario.metricScores).map(([configId, score]) => ({
    config_id: configId, value: score.value, string_value: score.stringValue,
  })),
  correct_answer: scenario.correctAnswer,
  is_pinned: scenario.isPinned,
  note: scenario.note,
  modified_by: scenario.modifiedBy,
  modified_by_id: scenario.modifiedById,
});

/** Agenta counts percentages of every row, judged or not. */
const agentaVotes = (count: number, rows: number) => ({
  number_of_votes: count,
  percentage: rows === 0 ? 0 : Math.round((count / rows) * 10000) / 100,
});

export function presentHumanEvaluationResults(results: HumanEvaluationResults): z.input<typeof humanEvaluationResultsSchema> {
  const base = { evaluation_id: results.evaluation.id, evaluation_type: results.kind };
  if (results.kind === 'single_model_test') {
    const { scores, mean, judged, total } = results.results;
    const metrics = results.metrics.map(({ metric, judged: count, mean: average, counts }) => ({
      config_id: metric.id, name: metric.name, data_type: metric.dataType, judged: count, mean: average, counts,
    }));
    return { ...base, scores, mean, judged, total, results_data: scores, ...(metrics.length > 0 ? { metrics } : {}) };
  }
  const { variants, bothGood, bothBad, judged, total } = results.results;
  // Agenta keys votes by variant; two revisions of one variant are told apart by revision id.
  const sameVariant = new Set(variants.map(({ variant }) => variant.variantId)).size < variants.length;
  const keyOf = (variant: HumanEvaluationVariant) => (sameVariant ? variant.variantRevisionId : variant.variantId);
  return {
    ...base,
    variants: variants.map(({ variant, votes, percentage }) => ({ ...presentVariant(variant), votes, percentage })),
    both_good: bothGood,
    both_bad: bothBad,
    judged,
    total,
    votes_data: {
      variants: variants.map(({ variant }) => keyOf(variant)),
      variant_names: variants.map(({ variant }) => variant.variantName),
      nb_of_rows: total,
      flag_votes: agentaVotes(bothBad, total),
      positive_votes: agentaVotes(bothGood, total),
      variants_votes_data: Object.fromEntries(variants.map(({ variant, votes }) => [keyOf(variant), agentaVotes(votes, total)])),
    },
  };
}
