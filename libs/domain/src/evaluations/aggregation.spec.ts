import { errorResult } from '../shared/result';
import { aggregateEvaluation, aggregateEvaluatorResults } from './aggregation';
import type { EvaluationScenario } from './evaluation';
import { evaluationStatuses } from './evaluation-status';

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
  const scenario = (cost: number | null, latency: number | null, error = false): EvaluationScenario => ({
    id: 'x', projectId: 'p', evaluationId: 'e', rowIndex: 0, inputs: {}, output: 'o', correctAnswer: 'o', traceId: null, createdAt: new Date(),
    results: [{ evaluatorConfigId: 'c', result: { type: 'bool', value: !error } }], cost, latency, error: error ? { message: 'app failed' } : null,
  });

  it('sums and averages cost and averages the latency of successful rows', () => {
    const aggregates = aggregateEvaluation(['c'], [scenario(0.002, 1), scenario(0.004, 3), scenario(null, 10, true)]);
    expect(aggregates.totalCost).toBeCloseTo(0.006);
    expect(aggregates.averageCost).toBeCloseTo(0.003);
    expect(aggregates.averageLatency).toBe(2);
    expect(aggregates.failedRows).toBe(1);
    expect(aggregates.aggregatedResults[0]!.result.value).toBeCloseTo(2 / 3);
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
