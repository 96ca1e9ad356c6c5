import type { EvaluationComparison, MetricComparison } from '@crucible/client';
import type { Api } from './api';
import { renderTable } from '../output/table';


/** Evaluations of different test-set versions are refused (409) unless `allowDifferentVersions`. */
export const compareEvaluations = (api: Api, ids: string[], allowDifferentVersions = false) => api.call(
  api.client.GET('/evaluations/compare', {
    params: { query: { evaluations_ids: ids.join(','), ...(allowDifferentVersions ? { allow_different_versions: 'true' as const } : {}) } },
  }),
  'comparing evaluations',
);

const metricName = (metric: MetricComparison) => (metric.metric === 'evaluator' ? metric.evaluator_config?.name ?? 'evaluator' : metric.metric);
/** Three decimals, or three significant digits for the tiny numbers costs are. */
const digits = (value: number) => (value !== 0 && Math.abs(value) < 0.01 ? value.toPrecision(3) : value.toFixed(3));
const number = (value: number | null | undefined, fixed?: number) =>
  (typeof value === 'number' ? (fixed ? value.toFixed(fixed) : digits(value)) : '—');
const signed = (value: number | null | undefined) => (typeof value === 'number' ? `${value >= 0 ? '+' : ''}${digits(value)}` : '—');

/** ARCHITECTURE §11 as a table: each evaluation's mean with its 95 % CI, and the paired difference to the baseline. */
export function renderComparison(comparison: EvaluationComparison): string {
  const labelOf = new Map(comparison.evaluations.map((e) => [e.id, `${e.variant_name}@${e.revision}`]));
  const rows = comparison.metrics.flatMap((metric) => metric.evaluations.map((estimate) => {
    const paired = metric.comparisons.find((c) => c.evaluation_id === estimate.evaluation_id);
    return [
      metricName(metric), labelOf.get(estimate.evaluation_id) ?? estimate.evaluation_id,
      `${number(estimate.mean)} [${number(estimate.ci_low)}, ${number(estimate.ci_high)}]`, estimate.n,
      paired ? `${signed(paired.difference)} [${signed(paired.ci_low)}, ${signed(paired.ci_high)}]` : 'baseline',
      paired ? number(paired.p_value, 4) : '', paired ? paired.verdict : '',
    ];
  }));
  return renderTable(['metric', 'evaluation', 'mean [95 % CI]', 'n', 'vs baseline [95 % CI]', 'p', 'verdict'], rows);
}

/** Every evaluator on which a compared evaluation is significantly worse than the baseline, in words. */
export function regressions(comparison: EvaluationComparison): string[] {
  const labelOf = new Map(comparison.evaluations.map((e) => [e.id, `${e.variant_name}@${e.revision}`]));
  return comparison.metrics.filter((metric) => metric.metric === 'evaluator').flatMap((metric) => metric.comparisons
    .filter((paired) => paired.verdict === 'worse')
    .map((paired) => `${labelOf.get(paired.evaluation_id)} is worse than ${labelOf.get(paired.baseline_evaluation_id)} on ${metricName(metric)}: `
      + `${signed(paired.difference)} (95 % CI ${signed(paired.ci_low)}…${signed(paired.ci_high)}, p = ${number(paired.p_value, 4)})`));
}
