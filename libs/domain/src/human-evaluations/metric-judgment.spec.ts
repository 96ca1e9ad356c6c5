import type { HumanEvaluationScenario } from './human-evaluation';
import { type HumanEvaluationMetric, checkMetricScores, tallyMetrics } from './metric-judgment';

const correctness: HumanEvaluationMetric = { id: 'c', name: 'correctness', dataType: 'numeric', min: 1, max: 5, categories: null };
const safe: HumanEvaluationMetric = { id: 's', name: 'safe', dataType: 'boolean', min: null, max: null, categories: null };
const tone: HumanEvaluationMetric = {
  id: 't', name: 'tone', dataType: 'categorical', min: null, max: null,
  categories: [{ label: 'rude', value: 0 }, { label: 'neutral', value: 1 }, { label: 'kind', value: 2 }],
};
const remark: HumanEvaluationMetric = { id: 'r', name: 'remark', dataType: 'text', min: null, max: null, categories: null };
const METRICS = [correctness, safe, tone, remark];

const scenarioWith = (metricScores: HumanEvaluationScenario['metricScores']): HumanEvaluationScenario => ({
  id: 'x', projectId: 'p', evaluationId: 'e', rowIndex: 0, inputs: [], outputs: [], vote: null, score: null, metricScores,
  correctAnswer: null, isPinned: false, note: null, modifiedBy: null, modifiedById: null, createdAt: new Date(), updatedAt: new Date(),
});

describe('judging a row on score configs', () => {
  it('stores each value as the score rules do: booleans as 1/0 with their word, categories by value or label', () => {
    const check = checkMetricScores(METRICS, [
      { configId: 'c', value: 4 }, { configId: 's', value: true }, { configId: 't', stringValue: 'kind' }, { configId: 'r', stringValue: 'terse' },
    ]);
    expect(check.violations).toEqual([]);
    expect(check.scores).toEqual({
      c: { value: 4, stringValue: null }, s: { value: 1, stringValue: 'true' }, t: { value: 2, stringValue: 'kind' },
      r: { value: null, stringValue: 'terse' },
    });
  });

  it('clears a config sent without a value', () => {
    expect(checkMetricScores(METRICS, [{ configId: 'c', value: null }]).scores).toEqual({ c: null });
  });

  it('names each refused value by its place in scores', () => {
    const check = checkMetricScores(METRICS, [
      { configId: 'c', value: 9 }, { configId: 'nope', value: 1 }, { configId: 't', value: 7 }, { configId: 's', stringValue: 'maybe' },
    ]);
    expect(check.violations.map((v) => [v.field.join('.'), v.rule])).toEqual([
      ['scores.0.value', 'above_maximum'], ['scores.1.config_id', 'not_a_choice'], ['scores.2.value', 'not_a_choice'],
      ['scores.3.string_value', 'not_boolean'],
    ]);
    expect(check.violations[0]!.reason).toContain('above the maximum 5 of score config "correctness"');
  });

  it('refuses scores on an evaluation judged with the 1-5 score', () => {
    expect(checkMetricScores([], [{ configId: 'c', value: 3 }]).violations[0]!.field).toEqual(['scores']);
  });
});

describe('results per score config', () => {
  it('averages numbers, takes the share of yes, counts labels, and counts only the rows judged on each', () => {
    const results = tallyMetrics(METRICS, [
      scenarioWith({ c: { value: 5, stringValue: null }, s: { value: 1, stringValue: 'true' }, t: { value: 2, stringValue: 'kind' } }),
      scenarioWith({ c: { value: 2, stringValue: null }, s: { value: 0, stringValue: 'false' }, r: { value: null, stringValue: 'long' } }),
      scenarioWith({ s: { value: 1, stringValue: 'true' }, t: { value: 0, stringValue: 'rude' } }),
      scenarioWith({}),
    ]);
    expect(results.map(({ metric, judged, mean, counts }) => [metric.name, judged, mean, counts])).toEqual([
      ['correctness', 2, 3.5, {}],
      ['safe', 3, 2 / 3, { true: 2, false: 1 }],
      ['tone', 2, 1, { rude: 1, neutral: 0, kind: 1 }],
      ['remark', 1, null, {}],
    ]);
  });
});
