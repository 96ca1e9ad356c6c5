import type { Evaluation, EvaluationScenario, EvaluatorConfig, Result } from '@crucible/domain';
import type { ComparisonRow } from '@crucible/application';

const iso = (date: Date): string => date.toISOString();
const optionalResult = (type: 'cost' | 'latency', value: number | null): Result | undefined =>
  value === null ? undefined : { type, value };

export const presentEvaluatorConfig = (config: EvaluatorConfig) => ({
  id: config.id,
  name: config.name,
  project_id: config.projectId,
  app_id: config.appId ?? undefined,
  evaluator_key: config.evaluatorKey,
  settings_values: config.settingsValues,
  created_at: iso(config.createdAt),
  updated_at: iso(config.updatedAt),
});

export const presentStatus = (evaluation: Evaluation): Result => ({
  type: 'status',
  value: evaluation.status,
  ...(evaluation.statusError ? { error: evaluation.statusError } : {}),
});

const presentAggregatedResults = (evaluation: Evaluation) =>
  evaluation.aggregatedResults.flatMap((aggregate) => {
    const config = evaluation.evaluatorConfigs.find((c) => c.id === aggregate.evaluatorConfigId);
    return config ? [{ evaluator_config: presentEvaluatorConfig(config), result: aggregate.result }] : [];
  });

/** Seed Evaluation, field for field. */
export const presentEvaluation = (evaluation: Evaluation) => ({
  id: evaluation.id,
  app_id: evaluation.appId,
  project_id: evaluation.projectId,
  variant_ids: [evaluation.variantId],
  variant_names: [evaluation.variantName],
  variant_revision_ids: [evaluation.variantRevisionId],
  revisions: [String(evaluation.revision)],
  testset_id: evaluation.testsetId,
  testset_name: evaluation.testsetName,
  status: presentStatus(evaluation),
  aggregated_results: presentAggregatedResults(evaluation),
  average_cost: optionalResult('cost', evaluation.averageCost),
  total_cost: optionalResult('cost', evaluation.totalCost),
  average_latency: optionalResult('latency', evaluation.averageLatency),
  created_at: iso(evaluation.createdAt),
  updated_at: iso(evaluation.updatedAt),
});

export const presentEvaluationStatus = (evaluation: Evaluation) => ({
  id: evaluation.id,
  status: presentStatus(evaluation),
  progress: { done: evaluation.progressDone, total: evaluation.progressTotal },
});

export const presentEvaluationResults = (evaluation: Evaluation) => ({
  evaluation_id: evaluation.id,
  status: presentStatus(evaluation),
  results: presentAggregatedResults(evaluation),
  average_cost: optionalResult('cost', evaluation.averageCost),
  total_cost: optionalResult('cost', evaluation.totalCost),
  average_latency: optionalResult('latency', evaluation.averageLatency),
});

export const presentScenario = (evaluation: Evaluation, scenario: EvaluationScenario) => ({
  id: scenario.id,
  evaluation_id: scenario.evaluationId,
  row_index: scenario.rowIndex,
  inputs: scenario.inputs,
  output: scenario.output,
  correct_answer: scenario.correctAnswer,
  results: scenario.results.map((outcome) => ({
    evaluator_config: outcome.evaluatorConfigId,
    evaluator_key: evaluation.evaluatorConfigs.find((c) => c.id === outcome.evaluatorConfigId)?.evaluatorKey,
    result: outcome.result,
  })),
  latency: scenario.latency,
  cost: scenario.cost,
  error: scenario.error,
  trace_id: scenario.traceId,
  created_at: iso(scenario.createdAt),
});

export const presentComparison = (evaluations: Evaluation[], rows: ComparisonRow[]) => ({
  evaluations: evaluations.map((e) => ({ id: e.id, variant_name: e.variantName, revision: e.revision, status: presentStatus(e) })),
  rows: rows.map((row) => ({
    row_index: row.rowIndex,
    inputs: row.inputs,
    correct_answer: row.correctAnswer,
    variants: row.scenarios.map(({ evaluation, scenario }) => ({
      evaluation_id: evaluation.id,
      variant_name: evaluation.variantName,
      output: scenario?.output ?? null,
      error: scenario?.error ?? null,
      results: scenario ? presentScenario(evaluation, scenario).results : [],
      latency: scenario?.latency ?? null,
      cost: scenario?.cost ?? null,
    })),
  })),
});
