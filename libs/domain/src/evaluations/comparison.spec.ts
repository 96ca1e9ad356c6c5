import { errorResult } from '../shared/result';
import { compareEvaluations } from './comparison';
import type { Evaluation, EvaluationScenario } from './evaluation';
import type { EvaluatorConfig } from './evaluator-config';

const config = (id: string): EvaluatorConfig => ({
  id, projectId: 'p', appId: null, name: id, evaluatorKey: 'auto_exact_match', settingsValues: {}, createdAt: new Date(), updatedAt: new Date(),
});
const evaluation = (id: string, configs: EvaluatorConfig[]) => ({ id, evaluatorConfigs: configs }) as Evaluation;

function scenario(evaluationId: string, rowIndex: number, values: Record<string, unknown>, extra: Partial<EvaluationScenario> = {}): EvaluationScenario {
  return {
    id: `${evaluationId}-${rowIndex}-${extra.repetition ?? 1}`, projectId: 'p', evaluationId, rowIndex, repetition: 1, inputs: {}, output: 'o', correctAnswer: 'o', createdAt: new Date(),
    results: Object.entries(values).map(([evaluatorConfigId, value]) => ({
      evaluatorConfigId,
      result: value === 'error' ? errorResult('judge failed') : typeof value === 'boolean' ? { type: 'bool', value } : { type: 'number', value },
    })),
    cost: 0.001 * (rowIndex + 1), latency: 0.5, error: null, traceId: null, ...extra,
  };
}

describe('compareEvaluations', () => {
  const exact = config('exact');
  const score = config('score');
  const baseline = evaluation('a', [exact, score]);
  const candidate = evaluation('b', [exact, score]);

  it('pairs rows by index, leaves out rows errored on either side and counts them per evaluation and per pair', () => {
    const scenarios = [
      scenario('a', 0, { exact: true, score: 0.5 }), scenario('b', 0, { exact: true, score: 0.75 }),
      scenario('a', 1, { exact: false, score: 0.5 }), scenario('b', 1, { exact: true, score: 'error' }),
      scenario('a', 2, { exact: true, score: 0.5 }, { error: { message: 'app failed' } }), scenario('b', 2, { exact: false, score: 1 }),
    ];
    const [exactMetric, scoreMetric, cost, latency] = compareEvaluations([baseline, candidate], scenarios);
    expect(exactMetric).toMatchObject({ metric: { kind: 'evaluator' }, valueType: 'bool', higherIsBetter: true });
    // Row 2 failed in the baseline's application: its evaluator results do not count either.
    expect(exactMetric!.estimates.map((e) => [e.estimate.n, e.estimate.mean, e.erroredRows])).toEqual([[2, 0.5, 1], [3, 2 / 3, 0]]);
    expect(exactMetric!.comparisons[0]!.comparison).toMatchObject({ n: 2, excludedRows: 1, difference: 0.5, test: 'mcnemar_exact', pValue: 1 });
    expect(scoreMetric).toMatchObject({ valueType: 'number' });
    expect(scoreMetric!.comparisons[0]!.comparison).toMatchObject({ n: 1, excludedRows: 2, difference: 0.25, test: 'wilcoxon_exact' });
    expect(cost).toMatchObject({ metric: { kind: 'cost' }, valueType: 'number', higherIsBetter: false });
    expect(cost!.estimates[0]!.estimate.n).toBe(2);
    expect(latency!.comparisons[0]!.comparison).toMatchObject({ n: 2, difference: 0, verdict: 'no_significant_difference' });
  });

  it('compares every further evaluation with the first, and answers nothing without evaluations', () => {
    const third = evaluation('c', [exact]);
    const rows = (id: string, value: boolean) => Array.from({ length: 12 }, (_, i) => scenario(id, i, { exact: value }));
    const [exactMetric] = compareEvaluations([baseline, candidate, third], [...rows('a', false), ...rows('b', false), ...rows('c', true)]);
    expect(exactMetric!.comparisons.map((c) => [c.evaluationId, c.comparison.verdict])).toEqual([['b', 'no_significant_difference'], ['c', 'better']]);
    expect(exactMetric!.comparisons[1]!.comparison.pValue).toBeCloseTo(2 / 4096, 12);
    expect(compareEvaluations([], [])).toEqual([]);
  });

  it('treats the row as the unit: each row is the mean of its repetitions, with their spread reported', () => {
    // Baseline: one repetition per row. Candidate: 3 repetitions per row of a bool, shares 2/3, 1/3, 1, 1.
    const shares = [[true, true, false], [false, true, false], [true, true, true], [true, true, true]];
    const scenarios = [
      ...shares.map((_, row) => scenario('a', row, { exact: false, score: row })),
      ...shares.flatMap((values, row) => values.map((value, i) => scenario('b', row, { exact: value, score: row + i }, { repetition: i + 1, cost: 0.001 * (i + 1) }))),
    ];
    const [exactMetric, scoreMetric, cost] = compareEvaluations([baseline, candidate], scenarios);
    const rowMeans = [2 / 3, 1 / 3, 1, 1];
    expect(exactMetric!.estimates[1]).toMatchObject({ estimate: { n: 4 }, erroredRows: 0 });
    expect(exactMetric!.estimates[1]!.estimate.mean).toBeCloseTo(rowMeans.reduce((a, b) => a + b) / 4, 12);
    // The sample deviation of (1, 1, 0) and of (0, 1, 0) is √(1/3); of unanimous rows 0.
    expect(exactMetric!.estimates[1]!.withinRowSd).toBeCloseTo((2 * Math.sqrt(1 / 3)) / 4, 12);
    expect(exactMetric!.estimates[0]!.withinRowSd).toBeNull();
    // Row fractions are not 0/1, so the test is Wilcoxon on the row differences, n counting rows, not repetitions.
    expect(exactMetric!.comparisons[0]!.comparison).toMatchObject({ n: 4, excludedRows: 0, test: 'wilcoxon_exact' });
    expect(exactMetric!.comparisons[0]!.comparison.difference).toBeCloseTo(rowMeans.reduce((a, b) => a + b) / 4, 12);
    // score: row r's repetitions are r, r+1, r+2 (mean r+1, sd 1) against r: every row differs by exactly 1.
    expect(scoreMetric!.comparisons[0]!.comparison).toMatchObject({ n: 4, difference: 1 });
    expect(scoreMetric!.estimates[1]!.withinRowSd).toBe(1);
    expect(cost!.estimates[1]!.estimate.mean).toBeCloseTo(0.002, 12);
  });

  it('keeps McNemar for bools whose rows are unanimous', () => {
    const rows = (id: string, value: boolean, repetitions: number) => Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: repetitions }, (_, r) => scenario(id, i, { exact: value }, { repetition: r + 1 }))).flat();
    const [exactMetric] = compareEvaluations([baseline, candidate], [...rows('a', false, 1), ...rows('b', true, 3)]);
    expect(exactMetric!.comparisons[0]!.comparison).toMatchObject({ n: 12, test: 'mcnemar_exact', verdict: 'better' });
    expect(exactMetric!.estimates[1]!.withinRowSd).toBe(0);
  });
});
