import type { Result } from '../shared/result';
import type { Evaluation, EvaluationScenario } from './evaluation';
import type { EvaluatorConfig } from './evaluator-config';
import {
  type MeanEstimate, type PairedComparison, type RowValues, comparePairedSteps, estimateMeanSteps,
} from './statistics/paired-comparison';
import { type Steps, finish } from './statistics/steps';
import { meanWithinRowSd, summarizeRows } from './repetitions';

export type ComparedMetric =
  | { kind: 'evaluator'; evaluatorConfig: EvaluatorConfig }
  | { kind: 'cost' }
  | { kind: 'latency' };

export interface MetricComparison {
  metric: ComparedMetric;
  /** `bool` when every value compared is a bool (means are then fractions true). */
  valueType: 'bool' | 'number';
  higherIsBetter: boolean;
  /**
   * Over rows, each row's value being the mean of its repetitions; `withinRowSd` is the mean over rows with two or
   * more valued repetitions of their standard deviation (null when no row has two).
   */
  estimates: Array<{ evaluationId: string; estimate: MeanEstimate; erroredRows: number; withinRowSd: number | null }>;
  /** Every evaluation after the first against the first (the baseline). */
  comparisons: Array<{ evaluationId: string; comparison: PairedComparison }>;
}

/** An evaluator's value a comparison counts: a bool result's boolean, or any other non-error result's number. */
export type ComparedValue = boolean | number | null;

/** All a comparison reads of one scenario: never its inputs, outputs or messages. */
export interface ScenarioNumbers {
  rowIndex: number;
  /** Which run of the row (1-based); a row's repetitions are averaged before anything is compared. */
  repetition: number;
  /** The application failed on this row: no metric counts it. */
  failed: boolean;
  cost: number | null;
  latency: number | null;
  /** One per `comparedEvaluatorConfigs(evaluations)`, in that order. */
  values: ComparedValue[];
}

/** Every evaluator config of the compared evaluations once, in the order the metrics are answered. */
export function comparedEvaluatorConfigs(evaluations: Evaluation[]): EvaluatorConfig[] {
  const configs = new Map<string, EvaluatorConfig>();
  for (const evaluation of evaluations) for (const config of evaluation.evaluatorConfigs) if (!configs.has(config.id)) configs.set(config.id, config);
  return [...configs.values()];
}

const comparedValue = (result: Result | undefined): ComparedValue => {
  if (!result) return null;
  if (result.type === 'bool' && typeof result.value === 'boolean') return result.value;
  if (typeof result.value === 'number' && Number.isFinite(result.value) && result.type !== 'error') return result.value;
  return null;
};

/** What a stored scenario gives the comparison of evaluators `configIds` (a database reads the same in SQL). */
export function scenarioNumbersOf(scenario: EvaluationScenario, configIds: readonly string[]): ScenarioNumbers {
  return {
    rowIndex: scenario.rowIndex, repetition: scenario.repetition, failed: Boolean(scenario.error), cost: scenario.cost, latency: scenario.latency,
    values: configIds.map((id) => comparedValue(scenario.results.find((r) => r.evaluatorConfigId === id)?.result)),
  };
}

type ValueOf = (row: ScenarioNumbers) => { value: number; bool: boolean } | null;

const cellOf = (value: ComparedValue | undefined): { value: number; bool: boolean } | null => {
  if (typeof value === 'boolean') return { value: value ? 1 : 0, bool: true };
  return typeof value === 'number' ? { value, bool: false } : null;
};

/** A repetition that failed in the application has no value for any metric. */
const unlessFailed = (read: ValueOf): ValueOf => (row) => (row.failed ? null : read(row));

function metricsOf(evaluations: Evaluation[]): Array<{ metric: ComparedMetric; read: ValueOf; higherIsBetter: boolean }> {
  return [
    ...comparedEvaluatorConfigs(evaluations).map((evaluatorConfig, index) => ({
      metric: { kind: 'evaluator' as const, evaluatorConfig },
      read: unlessFailed((row) => cellOf(row.values[index])),
      higherIsBetter: true,
    })),
    { metric: { kind: 'cost' }, read: unlessFailed((row) => (row.cost === null ? null : { value: row.cost, bool: false })), higherIsBetter: false },
    { metric: { kind: 'latency' }, read: unlessFailed((row) => (row.latency === null ? null : { value: row.latency, bool: false })), higherIsBetter: false },
  ];
}

/**
 * ARCHITECTURE §11: per metric, each evaluation's mean with its bootstrap interval, and each evaluation
 * against the first on the rows both answered. `evaluations` are in the caller's order.
 */
export function compareEvaluations(evaluations: Evaluation[], scenarios: EvaluationScenario[]): MetricComparison[] {
  const configIds = comparedEvaluatorConfigs(evaluations).map((config) => config.id);
  const rows = new Map<string, ScenarioNumbers[]>(evaluations.map((e) => [e.id, []]));
  for (const scenario of [...scenarios].sort((a, b) => a.rowIndex - b.rowIndex || a.repetition - b.repetition)) {
    rows.get(scenario.evaluationId)?.push(scenarioNumbersOf(scenario, configIds));
  }
  return finish(compareEvaluationNumbers(evaluations, rows));
}

/**
 * `compareEvaluations` over what was read of each evaluation's scenarios (`rows` by evaluation id, in row order),
 * in slices a caller may pause between. The row is the unit: a row's value is the mean of its repetitions that have
 * one (a bool's share true), and a row none of whose repetitions has a value counts as errored. McNemar's test needs
 * 0/1 values, so it is used when every compared row value of a bool metric is 0 or 1 (one repetition, or unanimous ones).
 */
export function* compareEvaluationNumbers(
  evaluations: Evaluation[], rows: ReadonlyMap<string, readonly ScenarioNumbers[]>,
): Steps<MetricComparison[]> {
  const [baseline, ...candidates] = evaluations;
  if (!baseline) return [];
  const rowsOf = (id: string) => rows.get(id) ?? [];
  const indexesOf = (id: string) => new Set(rowsOf(id).map((row) => row.rowIndex));
  const answered: MetricComparison[] = [];
  for (const { metric, read, higherIsBetter } of metricsOf(evaluations)) {
    let allBool = metric.kind === 'evaluator';
    const values = new Map<string, RowValues>();
    const spreads = new Map<string, number | null>();
    for (const evaluation of evaluations) {
      const cells: Array<{ rowIndex: number; value: number }> = [];
      for (const row of rowsOf(evaluation.id)) {
        const cell = read(row);
        if (!cell) continue;
        allBool &&= cell.bool;
        cells.push({ rowIndex: row.rowIndex, value: cell.value });
      }
      const summaries = summarizeRows(cells);
      values.set(evaluation.id, new Map([...summaries].map(([rowIndex, summary]) => [rowIndex, summary.mean])));
      spreads.set(evaluation.id, meanWithinRowSd(summaries.values()));
      yield;
    }
    const binary = allBool && [...values.values()].every((rowValues) => [...rowValues.values()].every((v) => v === 0 || v === 1));
    const estimates: MetricComparison['estimates'] = [];
    for (const evaluation of evaluations) {
      estimates.push({
        evaluationId: evaluation.id,
        estimate: yield* estimateMeanSteps([...values.get(evaluation.id)!.values()]),
        erroredRows: indexesOf(evaluation.id).size - values.get(evaluation.id)!.size,
        withinRowSd: spreads.get(evaluation.id)!,
      });
    }
    const comparisons: MetricComparison['comparisons'] = [];
    for (const candidate of candidates) {
      const rowCount = new Set([...indexesOf(baseline.id), ...indexesOf(candidate.id)]).size;
      yield;
      comparisons.push({
        evaluationId: candidate.id,
        comparison: yield* comparePairedSteps(values.get(baseline.id)!, values.get(candidate.id)!, {
          binary, higherIsBetter, rowCount,
        }),
      });
    }
    answered.push({ metric, valueType: allBool ? 'bool' : 'number', higherIsBetter, estimates, comparisons });
  }
  return answered;
}
