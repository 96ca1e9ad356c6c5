import { type Result, errorResult, isErrorResult } from '../shared/result';
import type { AggregatedResult, EvaluationScenario } from './evaluation';

/**
 * One evaluator's results over all rows: numbers → mean, bools → fraction true; error results are left
 * out of the mean and counted; all rows errored → an error result.
 */
export function aggregateEvaluatorResults(results: Result[]): Result {
  const valid = results.filter((r) => !isErrorResult(r));
  const errors = results.length - valid.length;
  if (valid.length === 0) {
    const first = results.find(isErrorResult)?.error?.message;
    return errorResult(results.length === 0 ? 'no results to aggregate' : `all ${errors} rows failed${first ? `: ${first}` : ''}`);
  }
  const values = valid.map((r) => {
    if (r.type === 'bool' && typeof r.value === 'boolean') return r.value ? 1 : 0;
    if (typeof r.value === 'number' && Number.isFinite(r.value)) return r.value;
    throw new Error(`cannot aggregate a ${r.type} result (${JSON.stringify(r.value)})`);
  });
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return { type: 'number', value: mean, ...(errors > 0 ? { error: { message: `${errors} of ${results.length} rows failed` } } : {}) };
}

export interface EvaluationAggregates {
  aggregatedResults: AggregatedResult[];
  averageCost: number | null;
  totalCost: number | null;
  averageLatency: number | null;
  failedRows: number;
  evaluatorErrors: number;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;

export function aggregateEvaluation(evaluatorConfigIds: string[], scenarios: EvaluationScenario[]): EvaluationAggregates {
  const aggregatedResults = evaluatorConfigIds.map((evaluatorConfigId) => ({
    evaluatorConfigId,
    result: aggregateEvaluatorResults(
      scenarios.map((s) => s.results.find((r) => r.evaluatorConfigId === evaluatorConfigId)?.result
        ?? errorResult('the evaluator did not run')),
    ),
  }));
  const costs = scenarios.flatMap((s) => (s.cost === null ? [] : [s.cost]));
  const latencies = scenarios.flatMap((s) => (s.latency === null || s.error ? [] : [s.latency]));
  return {
    aggregatedResults,
    averageCost: mean(costs),
    totalCost: costs.length === 0 ? null : costs.reduce((s, v) => s + v, 0),
    averageLatency: mean(latencies),
    failedRows: scenarios.filter((s) => s.error).length,
    evaluatorErrors: scenarios.reduce((n, s) => n + s.results.filter((r) => isErrorResult(r.result)).length, 0),
  };
}
