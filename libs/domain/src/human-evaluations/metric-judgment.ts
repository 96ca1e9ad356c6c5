import { DomainError } from '../shared/domain-error';
import type { InputViolation } from '../shared/input-violation';
import type { ScoreConfig } from '../feedback/score-config';
import { checkedScoreValue } from '../feedback/score';
import type { HumanEvaluationScenario } from './human-evaluation';

/**
 * A score config a single-model human evaluation is judged on (ARCHITECTURE §18), copied when the evaluation is
 * created: results keep their meaning when the config is archived later.
 */
export type HumanEvaluationMetric = Pick<ScoreConfig, 'id' | 'name' | 'dataType' | 'min' | 'max' | 'categories'>;

/** One metric's judgment of a row, as the score rules of §18 store it. */
export interface MetricScore {
  value: number | null;
  stringValue: string | null;
}

/** What a person sends for one metric; `value` and `string_value` both absent or null clear it. */
export interface SentMetricScore {
  configId: string;
  value?: number | boolean | null;
  stringValue?: string | null;
}

/** A multi-metric evaluation takes one score per config; the 1–5 score does not apply to it. */
export function checkMetricScores(
  metrics: HumanEvaluationMetric[], sent: SentMetricScore[],
): { violations: InputViolation[]; scores: Record<string, MetricScore | null> } {
  const violations: InputViolation[] = [];
  const scores: Record<string, MetricScore | null> = {};
  if (metrics.length === 0) {
    const reason = 'this human evaluation is judged with the 1-5 score; scores apply to one created with score_config_ids';
    return { violations: [{ field: ['scores'], reason, rule: 'invalid_value' }], scores };
  }
  sent.forEach((entry, index) => {
    const metric = metrics.find((m) => m.id === entry.configId);
    if (!metric) {
      const names = metrics.map((m) => `${m.name} (${m.id})`).join(', ');
      violations.push({ field: ['scores', index, 'config_id'], reason: `not a score config of this evaluation; its configs: ${names}`, rule: 'not_a_choice' });
      return;
    }
    if ((entry.value ?? null) === null && (entry.stringValue ?? null) === null) {
      scores[metric.id] = null;
      return;
    }
    try {
      const checked = checkedScoreValue(metric, { value: entry.value, stringValue: entry.stringValue });
      scores[metric.id] = { value: checked.value, stringValue: checked.stringValue };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      violations.push(...error.violations.map((v) => ({ ...v, field: ['scores', index, ...v.field] })));
    }
  });
  return { violations, scores };
}

export interface MetricResult {
  metric: HumanEvaluationMetric;
  /** Rows with a score for this metric. */
  judged: number;
  /** Numeric, boolean (share of yes) and categorical (of the values) metrics; null for text or when nothing is judged. */
  mean: number | null;
  /** Boolean and categorical metrics: rows per label (every label present); text and numeric: empty. */
  counts: Record<string, number>;
}

/** Results per score config, each over the rows judged on it. */
export function tallyMetrics(metrics: HumanEvaluationMetric[], scenarios: HumanEvaluationScenario[]): MetricResult[] {
  return metrics.map((metric) => {
    const given = scenarios.flatMap((s) => (s.metricScores[metric.id] ? [s.metricScores[metric.id]!] : []));
    const counts: Record<string, number> = {};
    if (metric.dataType === 'boolean') Object.assign(counts, { true: 0, false: 0 });
    for (const category of metric.categories ?? []) counts[category.label] = 0;
    for (const score of given) {
      if (score.stringValue !== null && Object.hasOwn(counts, score.stringValue)) counts[score.stringValue]! += 1;
    }
    const values = given.flatMap((score) => (score.value === null ? [] : [score.value]));
    const mean = metric.dataType === 'text' || values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
    return { metric, judged: given.length, mean, counts };
  });
}
