import { type Result, errorResult, isErrorResult } from '../shared/result';
import type { AggregatedResult, EvaluationScenario } from './evaluation';
import { summarizeRows } from './repetitions';

/**
 * What aggregation needs of one evaluator's results, in a form a database can compute without handing over
 * the rows (the runner's memory must not grow with the test set). `total` and `errors` count results (one per
 * repetition of a row); a repetition without a result for this evaluator counts as an error. The numeric
 * figures count rows: each row's value is the mean of its repetitions' values.
 */
export interface EvaluatorTally {
  evaluatorConfigId: string;
  total: number;
  errors: number;
  /** Error results' first message, in row order. */
  firstError: string | null;
  /** Rows with a value that counts in the mean (bools as 0/1, finite numbers as themselves), and the sum of their means. */
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
  /** Rows with a cost, and the sum of each row's mean cost over its repetitions. */
  costCount: number;
  costSum: number;
  /** Every repetition's cost added up. */
  costTotal: number;
  /** Rows with a latency of a repetition that did not fail, and the sum of each row's mean of those. */
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

/** A result of one repetition of the row `rowIndex`. */
export interface RowResult {
  rowIndex: number;
  result: Result;
}

export function tallyEvaluatorResults(evaluatorConfigId: string, results: RowResult[]): EvaluatorTally {
  const tally: EvaluatorTally = {
    evaluatorConfigId, total: results.length, errors: 0, firstError: null, numericCount: 0, numericSum: 0, unaggregatable: null,
  };
  const cells: Array<{ rowIndex: number; value: number }> = [];
  for (const { rowIndex, result: r } of results) {
    if (isErrorResult(r)) {
      if (tally.errors === 0) tally.firstError = r.error?.message ?? null;
      tally.errors += 1;
      continue;
    }
    const value = numericValue(r);
    if (value === null) tally.unaggregatable ??= { type: r.type, value: r.value };
    else cells.push({ rowIndex, value });
  }
  for (const row of summarizeRows(cells).values()) {
    tally.numericCount += 1;
    tally.numericSum += row.mean;
  }
  return tally;
}

/**
 * One evaluator's results over all rows: within a row the mean of its repetitions, then the mean of the rows
 * (numbers → mean, bools → fraction true); error results are left out of the means and counted; all errored →
 * an error result.
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

/** One result per row (one repetition each). */
export const aggregateEvaluatorResults = (results: Result[]): Result =>
  aggregateTally(tallyEvaluatorResults('', results.map((result, rowIndex) => ({ rowIndex, result }))));

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

/** `rows` and `failedRows` count scenarios (one per repetition); cost and latency are per-row means first. */
export function tallyScenarios(evaluatorConfigIds: string[], scenarios: EvaluationScenario[]): ScenarioTally {
  const ordered = [...scenarios].sort((a, b) => a.rowIndex - b.rowIndex || a.repetition - b.repetition);
  const costs = summarizeRows(ordered.flatMap((s) => (s.cost === null ? [] : [{ rowIndex: s.rowIndex, value: s.cost }])));
  const latencies = summarizeRows(ordered.flatMap((s) => (s.latency === null || s.error ? [] : [{ rowIndex: s.rowIndex, value: s.latency }])));
  const failed = ordered.filter((s) => s.error);
  const sumOfMeans = (rows: Map<number, { mean: number }>) => [...rows.values()].reduce((sum, row) => sum + row.mean, 0);
  return {
    rows: ordered.length,
    failedRows: failed.length,
    firstRowError: failed[0]?.error?.message ?? null,
    costCount: costs.size,
    costSum: sumOfMeans(costs),
    costTotal: ordered.reduce((sum, s) => sum + (s.cost ?? 0), 0),
    latencyCount: latencies.size,
    latencySum: sumOfMeans(latencies),
    evaluatorErrors: progressCountsOf(ordered).evaluatorErrors,
    evaluators: evaluatorConfigIds.map((id) => tallyEvaluatorResults(id, ordered.map((s) => ({
      rowIndex: s.rowIndex, result: s.results.find((r) => r.evaluatorConfigId === id)?.result ?? errorResult('the evaluator did not run'),
    })))),
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
    totalCost: tally.costCount === 0 ? null : tally.costTotal,
    averageLatency: tally.latencyCount === 0 ? null : tally.latencySum / tally.latencyCount,
    failedRows: tally.failedRows,
    evaluatorErrors: tally.evaluatorErrors,
  };
}

export const aggregateEvaluation = (evaluatorConfigIds: string[], scenarios: EvaluationScenario[]): EvaluationAggregates =>
  aggregateTallies(evaluatorConfigIds, tallyScenarios(evaluatorConfigIds, scenarios));
