import type { EvaluationScenario } from '@crucible/client';
import { agreementText, byRow } from './repetition-agreement';

const scenario = (rowIndex: number, repetition: number, value: unknown, error = false): EvaluationScenario => ({
  id: `${rowIndex}-${repetition}`, evaluation_id: 'e', row_index: rowIndex, repetition, inputs: [], outputs: [], correct_answers: [],
  results: [{ evaluator_config: 'c', result: value === 'error' ? { type: 'error', value: null, error: { message: 'x' } } : { type: typeof value === 'boolean' ? 'bool' : 'number', value } }],
  is_pinned: false, note: '', output: 'o', correct_answer: 'o', latency: 1, cost: null,
  error: error ? { message: 'app failed' } : null, trace_id: null, created_at: '2026-01-01T00:00:00.000Z',
});

describe('repetition agreement', () => {
  it('says how many bool repetitions hold the most common answer, leaving errored ones out', () => {
    const row = [scenario(0, 1, true), scenario(0, 2, false), scenario(0, 3, true), scenario(0, 4, true), scenario(0, 5, 'error')];
    expect(agreementText(row, 'c')).toBe('3/4 agree (true) · 1 errored');
    expect(agreementText([scenario(0, 1, false), scenario(0, 2, true)], 'c')).toBe('1/2 agree (split)');
    expect(agreementText([scenario(0, 1, true, true)], 'c')).toBe('no values · 1 errored');
  });

  it('gives numbers their mean and sample standard deviation', () => {
    expect(agreementText([scenario(0, 1, 0.5), scenario(0, 2, 1), scenario(0, 3, 0)], 'c')).toBe('mean 0.500 · sd 0.50');
  });

  it('groups scenarios by row in the order rows come', () => {
    const grouped = byRow([scenario(2, 1, true), scenario(2, 2, true), scenario(0, 1, false)]);
    expect(grouped.map((row) => [row.rowIndex, row.repetitions.map((s) => s.repetition)])).toEqual([[2, [1, 2]], [0, [1]]]);
  });
});
