import { type Result, errorResult, isErrorResult } from '../shared/result';
import type { AggregatedResult, EvaluationScenario } from './evaluation';

/**
 * What aggregation needs of one evaluator's results, in a form a database can compute without handing over
 * the rows (the runner's memory must not grow with the test set). Counts include every row; `missing` rows
 * have no result for this evaluator and count as errors.
 */
export interface EvaluatorTally {
  evaluatorConfigId: string;
  total: number;
  errors: number;
  /** Error results' first message, in row order. */
  firstError: string | null;
  /** Results that count in the mean: bools as 0/1, finite numbers as themselves. */
  numericCount: number;
  numericSum: number;
  /** The first other result (in row order) that is not an error: it cannot be averaged. */
  unaggregatable: { type: string; value: unknown } | null;
}

export interface ScenarioTally {
  rows: number;
  failedRows: number;
  /** First failed row's message, in row order. */
  firstRowError: string | null;
  costCount: number;
  costSum: number;
  /** Latencies of rows that did not fail. */
  latencyCount: number;
  latencySum: number;
  /** Error results over all evaluators. */
  evaluatorErrors: number;
  evaluators: EvaluatorTally[];
}

const numericValue = (r: Result): number | null => {
  if (r.type === 'bool' && typeof r.value === 'boolean') return r.value ? 1 : 0;
  if (typeof r.value === 'number' && Number.isFinite(r.value)) return r.value;
  return null;
};

export function tallyEvaluatorResults(evaluatorConfigId: string, results: Result[]): EvaluatorTally {
  const tally: EvaluatorTally = {
    evaluatorConfigId, total: results.length, errors: 0, firstError: null, numericCount: 0, numericSum: 0, unaggregatable: null,
  };
  for (const r of results) {
    if (isErrorResult(r)) {
      if (tally.errors === 0) tally.firstError = r.error?.message ?? null;
      tally.errors += 1;
      continue;
    }
    const value = numericValue(r);
    if (value === null) tally.unaggregatable ??= { type: r.type, value: r.value };
    else {
      tally.numericCount += 1;
      tally.numericSum += value;
    }
  }
  return tally;
}

/**
 * One evaluator's results over all rows: numbers → mean, bools → fraction true; error results are left
 * out of the mean and counted; all rows errored → an error result.
 */
export function aggregateTally(tally: EvaluatorTally): Result {
  const { total, errors } = tally;
  if (errors === total) {
    return errorResult(total === 0 ? 'no results to aggregate' : `all ${errors} rows failed${tally.firstError ? `: ${tally.firstError}` : ''}`);
  }
  if (tally.unaggregatable) {
    throw new Error(`cannot aggregate a ${tally.unaggregatable.type} result (${JSON.stringify(tally.unaggregatable.value)})`);
  }
  const mean = tally.numericSum / tally.numericCount;
  return { type: 'number', value: mean, ...(errors > 0 ? { error: { message: `${errors} of ${total} rows failed` } } : {}) };
}

export const aggregateEvaluatorResults = (results: Result[]): Result => aggregateTally(tallyEvaluatorResults('', results));

export interface EvaluationAggregates {
  aggregatedResults: AggregatedResult[];
  averageCost: number | null;
  totalCost: number | null;
  averageLatency: number | null;
  failedRows: number;
  evaluatorErrors: number;
}

/** What stored rows add to an evaluation's progress: rows whose invocation failed, and error results among them all. */
export const progressCountsOf = (scenarios: EvaluationScenario[]): { failedRows: number; evaluatorErrors: number } => ({
  failedRows: scenarios.filter((s) => s.error).length,
  evaluatorErrors: scenarios.reduce((n, s) => n + s.results.filter((r) => isErrorResult(r.result)).length, 0),
});

export function tallyScenarios(evaluatorConfigIds: string[], scenarios: EvaluationScenario[]): ScenarioTally {
  const costs = scenarios.flatMap((s) => (s.cost === null ? [] : [s.cost]));
  const latencies = scenarios.flatMap((s) => (s.latency === null || s.error ? [] : [s.latency]));
  const failed = scenarios.filter((s) => s.error);
  return {
    rows: scenarios.length,
    failedRows: failed.length,
    firstRowError: failed[0]?.error?.message ?? null,
    costCount: costs.length,
    costSum: costs.reduce((sum, v) => sum + v, 0),
    latencyCount: latencies.length,
    latencySum: latencies.reduce((sum, v) => sum + v, 0),
    evaluatorErrors: progressCountsOf(scenarios).evaluatorErrors,
    evaluators: evaluatorConfigIds.map((id) => tallyEvaluatorResults(id, scenarios.map((s) =>
      s.results.find((r) => r.evaluatorConfigId === id)?.result ?? errorResult('the evaluator did not run')))),
  };
}

export function aggregateTallies(evaluatorConfigIds: string[], tally: ScenarioTally): EvaluationAggregates {
  return {
    aggregatedResults: evaluatorConfigIds.map((evaluatorConfigId) => ({
      evaluatorConfigId,
      result: aggregateTally(tally.evaluators.find((e) => e.evaluatorConfigId === evaluatorConfigId)
        ?? { evaluatorConfigId, total: 0, errors: 0, firstError: null, numericCount: 0, numericSum: 0, unaggregatable: null }),
    })),
    averageCost: tally.costCount === 0 ? null : tally.costSum / tally.costCount,
    totalCost: tally.costCount === 0 ? null : tally.costSum,
    averageLatency: tally.latencyCount === 0 ? null : tally.latencySum / tally.latencyCount,
    failedRows: tally.failedRows,
    evaluatorErrors: tally.evaluatorErrors,
  };
}

export const aggregateEvaluation = (evaluatorConfigIds: string[], scenarios: EvaluationScenario[]): EvaluationAggregates =>
  aggregateTallies(evaluatorConfigIds, tallyScenarios(evaluatorConfigIds, scenarios));
