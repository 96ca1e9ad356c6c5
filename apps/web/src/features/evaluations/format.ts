import type { Evaluation, EvaluationComparison, MetricComparison, Result } from '@crucible/client';

export const revisionLabel = (e: { variant_name?: string; variant_names?: string[]; revision?: number; revisions?: string[] }): string =>
  `${e.variant_name ?? e.variant_names?.[0] ?? 'variant'} v${e.revision ?? e.revisions?.[0] ?? '?'}`;

export const metricName = (metric: MetricComparison): string =>
  metric.metric === 'evaluator' ? metric.evaluator_config?.name ?? 'evaluator' : metric.metric;

const signed = (value: number, digits: number): string => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;

/** A metric's value in its own unit: bools as percentages, cost in USD, latency in seconds. */
export function formatValue(metric: Pick<MetricComparison, 'metric' | 'value_type'>, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (metric.value_type === 'bool') return `${(value * 100).toFixed(0)} %`;
  if (metric.metric === 'cost') return `$${value.toPrecision(3)}`;
  if (metric.metric === 'latency') return `${value.toFixed(3)} s`;
  return value.toPrecision(3);
}

/** A difference in the metric's unit, signed: "+12 points", "−0.004 s". */
export function formatDifference(metric: Pick<MetricComparison, 'metric' | 'value_type'>, value: number): string {
  if (metric.value_type === 'bool') return `${signed(value * 100, 0)} points`;
  if (metric.metric === 'cost') return `${signed(value * 1e6, 1)} µ$`;
  if (metric.metric === 'latency') return `${signed(value, 3)} s`;
  return signed(value, 3);
}

const formatInterval = (metric: MetricComparison, low: number | null, high: number | null): string => {
  if (low === null || high === null) return '';
  const bare = (v: number) => formatDifference(metric, v).replace(/ (points|s|µ\$)$/, '');
  return `95 % CI ${bare(low)}…${bare(high)}`;
};

export const formatP = (p: number | null): string => (p === null ? 'p = —' : p < 0.001 ? 'p < 0.001' : `p = ${p.toPrecision(2)}`);

/** "completion v2 is worse on exact: −100 points, 95 % CI −100…−100, p = 0.0078" */
export function verdictInWords(comparison: EvaluationComparison, metric: MetricComparison, index: number): string {
  const pair = metric.comparisons[index]!;
  const who = revisionLabel(comparison.evaluations.find((e) => e.id === pair.evaluation_id) ?? {});
  const baseline = revisionLabel(comparison.evaluations[0] ?? {});
  if (pair.difference === null) return `${who} and ${baseline} share no rows without errors on ${metricName(metric)}`;
  const details = `${formatDifference(metric, pair.difference)}, ${formatInterval(metric, pair.ci_low, pair.ci_high)}, ${formatP(pair.p_value)}`;
  const what = pair.verdict === 'no_significant_difference'
    ? `shows no significant difference from ${baseline} on`
    : `is ${pair.verdict} than ${baseline} on`;
  return `${who} ${what} ${metricName(metric)}: ${details}`;
}

export const statusLabel = (status: Result): string =>
  String(status.value ?? '').replace(/^EVALUATION_/, '').toLowerCase().replace(/_/g, ' ');

export function scoreText(evaluation: Evaluation, configId: string): string {
  const aggregate = evaluation.aggregated_results.find((a) => a.evaluator_config.id === configId);
  const value = aggregate?.result.value;
  if (aggregate?.result.type === 'error') return 'error';
  return typeof value === 'number' ? value.toFixed(2) : '—';
}

export const resultText = (result: Result | undefined): string => {
  if (!result) return '—';
  if (result.type === 'error') return `error: ${result.error?.message ?? ''}`;
  return typeof result.value === 'string' ? result.value : JSON.stringify(result.value);
};

export const displayOutput = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * Failed rows can be re-run only where Crucible invokes the revision; an evaluation uploaded by a test process
 * (`source: sdk`) is re-run by running the test again.
 */
export const canRerunFailedRows = (evaluation: Evaluation): boolean =>
  evaluation.source !== 'sdk' && (evaluation.status.value === 'EVALUATION_FINISHED_WITH_ERRORS' || evaluation.status.value === 'EVALUATION_FAILED');
