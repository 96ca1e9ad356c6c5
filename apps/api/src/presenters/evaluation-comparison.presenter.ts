import {
  BOOTSTRAP_RESAMPLES, type Evaluation, type MetricComparison, SIGNIFICANCE_LEVEL,
} from '@crucible/domain';
import type { z } from 'zod';
import type { evaluationComparisonSchema } from '../wire/evaluation-review.wire';
import { presentStatus } from './evaluation.presenter';

export function presentEvaluationComparison(evaluations: Evaluation[], metrics: MetricComparison[]): z.input<typeof evaluationComparisonSchema> {
  const baselineId = evaluations[0]!.id;
  return {
    baseline_evaluation_id: baselineId,
    confidence_level: 0.95,
    significance_level: SIGNIFICANCE_LEVEL,
    bootstrap_resamples: BOOTSTRAP_RESAMPLES,
    evaluations: evaluations.map((e) => ({
      id: e.id, variant_name: e.variantName, revision: e.revision, testset_version: e.testsetVersion, status: presentStatus(e),
    })),
    metrics: metrics.map(({ metric, valueType, higherIsBetter, estimates, comparisons }) => ({
      metric: metric.kind,
      evaluator_config: metric.kind === 'evaluator'
        ? { id: metric.evaluatorConfig.id, name: metric.evaluatorConfig.name, evaluator_key: metric.evaluatorConfig.evaluatorKey }
        : null,
      value_type: valueType,
      higher_is_better: higherIsBetter,
      evaluations: estimates.map(({ evaluationId, estimate, erroredRows, withinRowSd }) => ({
        evaluation_id: evaluationId, n: estimate.n, errored_rows: erroredRows, mean: estimate.mean,
        ci_low: estimate.ciLow, ci_high: estimate.ciHigh, within_row_sd: withinRowSd,
      })),
      comparisons: comparisons.map(({ evaluationId, comparison: c }) => ({
        evaluation_id: evaluationId, baseline_evaluation_id: baselineId, n: c.n, excluded_rows: c.excludedRows,
        difference: c.difference, ci_low: c.ciLow, ci_high: c.ciHigh, p_value: c.pValue, test: c.test, verdict: c.verdict,
      })),
    })),
  };
}
