import type { z } from 'zod';
import { DEFAULT_CORRECT_ANSWER_COLUMN, type Evaluation, type EvaluationScenario } from '@crucible/domain';
import type { ComparisonRow, EvaluationProgress } from '@crucible/application';
import { jsonArray } from '../http/streaming';
import type { resultSchema } from '../wire/common.wire';
import type {
  comparisonSchema, evaluationResultsSchema, evaluationScenarioSchema, evaluationSchema, evaluationStatusSchema,
} from '../wire/evaluation.wire';
import { presentEvaluatorConfig } from './evaluator.presenter';

type Result = z.input<typeof resultSchema>;
type Comparison = z.input<typeof comparisonSchema>;

const iso = (date: Date): string => date.toISOString();
const optionalResult = (type: 'cost' | 'latency', value: number | null): Result | undefined =>
  value === null ? undefined : { type, value };

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
export const presentEvaluation = (evaluation: Evaluation): z.input<typeof evaluationSchema> => ({
  id: evaluation.id,
  app_id: evaluation.appId,
  project_id: evaluation.projectId,
  variant_ids: [evaluation.variantId],
  variant_names: [evaluation.variantName],
  variant_revision_ids: [evaluation.variantRevisionId],
  revisions: [String(evaluation.revision)],
  testset_id: evaluation.testsetId,
  testset_name: evaluation.testsetName,
  source: evaluation.source,
  repetitions: evaluation.repetitions,
  testset_version: evaluation.testsetVersion,
  status: presentStatus(evaluation),
  aggregated_results: presentAggregatedResults(evaluation),
  average_cost: optionalResult('cost', evaluation.averageCost),
  total_cost: optionalResult('cost', evaluation.totalCost),
  average_latency: optionalResult('latency', evaluation.averageLatency),
  created_at: iso(evaluation.createdAt),
  updated_at: iso(evaluation.updatedAt),
});

export const presentEvaluationStatus = ({ evaluation, failedRows, evaluatorErrors }: EvaluationProgress): z.input<typeof evaluationStatusSchema> => ({
  id: evaluation.id,
  status: presentStatus(evaluation),
  progress: { done: evaluation.progressDone, total: evaluation.progressTotal, failed_rows: failedRows, evaluator_errors: evaluatorErrors },
});

export const presentEvaluationResults = (evaluation: Evaluation): z.input<typeof evaluationResultsSchema> => ({
  evaluation_id: evaluation.id,
  status: presentStatus(evaluation),
  results: presentAggregatedResults(evaluation),
  average_cost: optionalResult('cost', evaluation.averageCost),
  total_cost: optionalResult('cost', evaluation.totalCost),
  average_latency: optionalResult('latency', evaluation.averageLatency),
});

const presentScenarioResults = (evaluation: Evaluation, scenario: EvaluationScenario) =>
  scenario.results.map((outcome) => ({
    evaluator_config: outcome.evaluatorConfigId,
    evaluator_key: evaluation.evaluatorConfigs.find((c) => c.id === outcome.evaluatorConfigId)?.evaluatorKey,
    result: outcome.result,
    ...(outcome.cost === undefined ? {} : { cost: outcome.cost, cost_source: 'computed' as const }),
  }));

/** Agenta types an input by its JSON type. */
const inputType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

/** The application's answer as Agenta's Result: text or JSON, or the error the row failed with. */
const outputResult = (scenario: EvaluationScenario): Result => {
  if (scenario.error) return { type: 'error', value: null, error: scenario.error };
  return { type: typeof scenario.output === 'string' ? 'text' : 'object', value: scenario.output };
};

/** Agenta's EvaluationScenario, plus the flat fields Crucible's own clients read. */
export const presentScenario = (evaluation: Evaluation, scenario: EvaluationScenario): z.input<typeof evaluationScenarioSchema> => ({
  id: scenario.id,
  evaluation_id: scenario.evaluationId,
  row_index: scenario.rowIndex,
  repetition: scenario.repetition,
  inputs: Object.entries(scenario.inputs).map(([name, value]) => ({ name, type: inputType(value), value })),
  outputs: [{ result: outputResult(scenario), cost: scenario.cost, latency: scenario.latency }],
  correct_answers: scenario.correctAnswer === undefined
    ? []
    : [{ key: evaluation.correctAnswerColumn ?? DEFAULT_CORRECT_ANSWER_COLUMN, value: scenario.correctAnswer }],
  results: presentScenarioResults(evaluation, scenario),
  is_pinned: false,
  note: '',
  output: scenario.output,
  correct_answer: scenario.correctAnswer,
  latency: scenario.latency,
  cost: scenario.cost,
  error: scenario.error,
  trace_id: scenario.traceId,
  created_at: iso(scenario.createdAt),
});

const presentComparedEvaluation = (evaluation: Evaluation): Comparison['evaluations'][number] => ({
  id: evaluation.id, variant_name: evaluation.variantName, revision: evaluation.revision, status: presentStatus(evaluation),
});

const presentComparisonRow = (row: ComparisonRow): Comparison['rows'][number] => ({
  row_index: row.rowIndex,
  repetition: row.repetition,
  inputs: row.inputs,
  correct_answer: row.correctAnswer,
  variants: row.scenarios.map(({ evaluation, scenario }) => ({
    evaluation_id: evaluation.id,
    variant_name: evaluation.variantName,
    output: scenario?.output ?? null,
    error: scenario?.error ?? null,
    results: scenario ? presentScenarioResults(evaluation, scenario) : [],
    latency: scenario?.latency ?? null,
    cost: scenario?.cost ?? null,
  })),
});

/** The comparison (`ComparisonDto`) as JSON text, its rows written as they are read. */
export async function* comparisonJson(evaluations: Evaluation[], rows: AsyncIterable<ComparisonRow[]>): AsyncGenerator<string> {
  yield `{"evaluations":${JSON.stringify(evaluations.map(presentComparedEvaluation))},"rows":`;
  yield* jsonArray(rows, presentComparisonRow);
  yield '}';
}
