import type { Result } from '../shared/result';
import type { Evaluation, EvaluationScenario } from './evaluation';
import type { EvaluatorConfig } from './evaluator-config';
import {
  type MeanEstimate, type PairedComparison, type RowValues, comparePaired, estimateMean,
} from './statistics/paired-comparison';

export type ComparedMetric =
  | { kind: 'evaluator'; evaluatorConfig: EvaluatorConfig }
  | { kind: 'cost' }
  | { kind: 'latency' };

export interface MetricComparison {
  metric: ComparedMetric;
  /** `bool` when every value compared is a bool (means are then fractions true). */
  valueType: 'bool' | 'number';
  higherIsBetter: boolean;
  estimates: Array<{ evaluationId: string; estimate: MeanEstimate; erroredRows: number }>;
  /** Every evaluation after the first against the first (the baseline). */
  comparisons: Array<{ evaluationId: string; comparison: PairedComparison }>;
}

type ValueOf = (scenario: EvaluationScenario) => { value: number; bool: boolean } | null;

const resultValue = (result: Result | undefined): { value: number; bool: boolean } | null => {
  if (!result) return null;
  if (result.type === 'bool' && typeof result.value === 'boolean') return { value: result.value ? 1 : 0, bool: true };
  if (typeof result.value === 'number' && Number.isFinite(result.value) && result.type !== 'error') return { value: result.value, bool: false };
  return null;
};

/** A row that failed in the application has no value for any metric. */
const unlessFailed = (read: ValueOf): ValueOf => (scenario) => (scenario.error ? null : read(scenario));

function metricsOf(evaluations: Evaluation[]): Array<{ metric: ComparedMetric; read: ValueOf; higherIsBetter: boolean }> {
  const configs = new Map<string, EvaluatorConfig>();
  for (const evaluation of evaluations) for (const config of evaluation.evaluatorConfigs) if (!configs.has(config.id)) configs.set(config.id, config);
  return [
    ...[...configs.values()].map((evaluatorConfig) => ({
      metric: { kind: 'evaluator' as const, evaluatorConfig },
      read: unlessFailed((s) => resultValue(s.results.find((r) => r.evaluatorConfigId === evaluatorConfig.id)?.result)),
      higherIsBetter: true,
    })),
    { metric: { kind: 'cost' }, read: unlessFailed((s) => (s.cost === null ? null : { value: s.cost, bool: false })), higherIsBetter: false },
    { metric: { kind: 'latency' }, read: unlessFailed((s) => (s.latency === null ? null : { value: s.latency, bool: false })), higherIsBetter: false },
  ];
}

/**
 * ARCHITECTURE §11: per metric, each evaluation's mean with its bootstrap interval, and each evaluation
 * against the first on the rows both answered. `evaluations` are in the caller's order.
 */
export function compareEvaluations(evaluations: Evaluation[], scenarios: EvaluationScenario[]): MetricComparison[] {
  const byEvaluation = new Map<string, EvaluationScenario[]>(evaluations.map((e) => [e.id, []]));
  for (const scenario of scenarios) byEvaluation.get(scenario.evaluationId)?.push(scenario);
  const [baseline, ...candidates] = evaluations;
  if (!baseline) return [];
  const rowsOf = (id: string) => new Set(byEvaluation.get(id)!.map((s) => s.rowIndex));

  return metricsOf(evaluations).map(({ metric, read, higherIsBetter }) => {
    let allBool = metric.kind === 'evaluator';
    const values = new Map<string, RowValues>(evaluations.map((evaluation) => {
      const rows = new Map<number, number>();
      for (const scenario of byEvaluation.get(evaluation.id)!) {
        const cell = read(scenario);
        if (!cell) continue;
        allBool &&= cell.bool;
        rows.set(scenario.rowIndex, cell.value);
      }
      return [evaluation.id, rows];
    }));
    const estimates = evaluations.map((evaluation) => ({
      evaluationId: evaluation.id,
      estimate: estimateMean([...values.get(evaluation.id)!.values()]),
      erroredRows: byEvaluation.get(evaluation.id)!.length - values.get(evaluation.id)!.size,
    }));
    const comparisons = candidates.map((candidate) => ({
      evaluationId: candidate.id,
      comparison: comparePaired(values.get(baseline.id)!, values.get(candidate.id)!, {
        binary: allBool, higherIsBetter, rowCount: new Set([...rowsOf(baseline.id), ...rowsOf(candidate.id)]).size,
      }),
    }));
    return { metric, valueType: allBool ? 'bool' : 'number', higherIsBetter, estimates, comparisons };
  });
}
