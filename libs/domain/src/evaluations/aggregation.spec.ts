import { errorResult } from '../shared/result';
import { aggregateEvaluation, aggregateEvaluatorResults } from './aggregation';
import type { EvaluationScenario } from './evaluation';
import { evaluationStatuses } from './evaluation-status';
import { assertRepetitions, meanWithinRowSd, summarizeRows } from './repetitions';

describe('aggregateEvaluatorResults', () => {
  it('averages numbers and turns bools into the fraction true, leaving errors out', () => {
    expect(aggregateEvaluatorResults([{ type: 'number', value: 1 }, { type: 'number', value: 0.5 }])).toEqual({ type: 'number', value: 0.75 });
    const mixed = aggregateEvaluatorResults([{ type: 'bool', value: true }, { type: 'bool', value: false }, errorResult('x'), { type: 'bool', value: true }]);
    expect(mixed.value).toBeCloseTo(2 / 3);
    expect(mixed.error?.message).toBe('1 of 4 rows failed');
  });

  it('answers an error result when every row errored', () => {
    expect(aggregateEvaluatorResults([errorResult('boom'), errorResult('boom')])).toMatchObject({ type: 'error', error: { message: 'all 2 rows failed: boom' } });
  });
});

describe('aggregateEvaluation', () => {
  const scenario = (cost: number | null, latency: number | null, error = false, rowIndex = 0, repetition = 1): EvaluationScenario => ({
    id: 'x', projectId: 'p', evaluationId: 'e', rowIndex, repetition, inputs: {}, output: 'o', correctAnswer: 'o', traceId: null, createdAt: new Date(),
    results: [{ evaluatorConfigId: 'c', result: { type: 'bool', value: !error } }], cost, latency, error: error ? { message: 'app failed' } : null,
  });

  it('sums and averages cost and averages the latency of successful rows', () => {
    const aggregates = aggregateEvaluation(['c'], [scenario(0.002, 1, false, 0), scenario(0.004, 3, false, 1), scenario(null, 10, true, 2)]);
    expect(aggregates.totalCost).toBeCloseTo(0.006);
    expect(aggregates.averageCost).toBeCloseTo(0.003);
    expect(aggregates.averageLatency).toBe(2);
    expect(aggregates.failedRows).toBe(1);
    expect(aggregates.aggregatedResults[0]!.result.value).toBeCloseTo(2 / 3);
  });

  it('averages within a row first: a row of 3 repetitions weighs as much as a row of 1', () => {
    // Row 0: 3 repetitions, 1 of them true (share 1/3), costs 0.001, 0.002, 0.006 (mean 0.003); row 1: one, true, 0.005.
    const row0 = [scenario(0.001, 1, false, 0, 1), scenario(0.002, 2, false, 0, 2), scenario(0.006, 6, false, 0, 3)];
    row0[1]!.results = [{ evaluatorConfigId: 'c', result: { type: 'bool', value: false } }];
    row0[2]!.results = [{ evaluatorConfigId: 'c', result: { type: 'bool', value: false } }];
    const aggregates = aggregateEvaluation(['c'], [...row0, scenario(0.005, 1, false, 1, 1)]);
    expect(aggregates.aggregatedResults[0]!.result.value).toBeCloseTo((1 / 3 + 1) / 2);
    expect(aggregates.averageCost).toBeCloseTo((0.003 + 0.005) / 2);
    expect(aggregates.totalCost).toBeCloseTo(0.014);
    expect(aggregates.averageLatency).toBeCloseTo((3 + 1) / 2);
  });

  it('leaves a failed repetition out of its row, and a row with no valued repetition out of the mean', () => {
    const judged = (rowIndex: number, repetition: number, value: number | 'error'): EvaluationScenario => ({
      ...scenario(null, 1, false, rowIndex, repetition),
      results: [{ evaluatorConfigId: 'c', result: value === 'error' ? errorResult('judge failed') : { type: 'number', value } }],
    });
    const aggregates = aggregateEvaluation(['c'], [
      judged(0, 1, 0.2), judged(0, 2, 'error'), judged(0, 3, 0.4), judged(1, 1, 'error'), judged(1, 2, 'error'), judged(2, 1, 1),
    ]);
    expect(aggregates.aggregatedResults[0]!.result).toEqual({ type: 'number', value: (0.3 + 1) / 2, error: { message: '3 of 6 rows failed' } });
  });
});

describe('summarizeRows and meanWithinRowSd', () => {
  it('gives each row its mean and sample standard deviation, and the spread as the mean of the rows\' deviations', () => {
    const rows = summarizeRows([
      { rowIndex: 4, value: 1 }, { rowIndex: 7, value: 0.5 }, { rowIndex: 4, value: 0 }, { rowIndex: 4, value: 1 }, { rowIndex: 4, value: 1 },
    ]);
    expect([...rows.keys()]).toEqual([4, 7]);
    expect(rows.get(4)).toEqual({ mean: 0.75, sd: 0.5, count: 4 });
    expect(rows.get(7)).toEqual({ mean: 0.5, sd: null, count: 1 });
    expect(meanWithinRowSd(rows.values())).toBe(0.5);
    expect(meanWithinRowSd(summarizeRows([{ rowIndex: 0, value: 3 }]).values())).toBeNull();
  });
});

describe('assertRepetitions', () => {
  it('takes 1 to 20 and refuses anything else naming repetitions', () => {
    expect(() => assertRepetitions(1)).not.toThrow();
    expect(() => assertRepetitions(20)).not.toThrow();
    for (const bad of [0, 21, 2.5]) {
      expect(() => assertRepetitions(bad)).toThrow(expect.objectContaining({ code: 'invalid_input', violations: [expect.objectContaining({ field: ['repetitions'] })] }));
    }
  });
});

describe('evaluation status machine', () => {
  it('lets only INITIALIZED and STARTED move, and never leaves a terminal state', () => {
    expect(() => evaluationStatuses.assertMove('EVALUATION_INITIALIZED', 'EVALUATION_STARTED')).not.toThrow();
    expect(() => evaluationStatuses.assertMove('EVALUATION_STARTED', 'EVALUATION_CANCELLED')).not.toThrow();
    expect(() => evaluationStatuses.assertMove('EVALUATION_FINISHED', 'EVALUATION_STARTED')).toThrow(/cannot move/);
    expect(() => evaluationStatuses.assertMove('EVALUATION_CANCELLED', 'EVALUATION_FINISHED')).toThrow();
    expect(evaluationStatuses.isTerminal('EVALUATION_FAILED')).toBe(true);
    expect(evaluationStatuses.movableFrom('EVALUATION_CANCELLED').sort()).toEqual(['EVALUATION_INITIALIZED', 'EVALUATION_STARTED']);
  });
});
