import { runRows } from './run-rows';

const rows = [
  { question: 'one', correct_answer: '1' },
  { question: 'two', correct_answer: '2' },
  { question: 'three', correct_answer: '3' },
];
const words: Record<string, string> = { one: '1', two: '2', three: '3' };

describe('runRows', () => {
  it('hands the task the row without its expected answer and scores the output with each evaluator', async () => {
    const seen: unknown[] = [];
    const scenarios = await runRows({
      rows, expectedColumn: 'correct_answer', repetitions: 1, concurrency: 2,
      task: (inputs) => {
        seen.push(inputs);
        return words[String(inputs['question'])] ?? '?';
      },
      evaluators: [
        { name: 'exact', evaluate: ({ output, expected }) => output === expected },
        { name: 'length', evaluate: ({ output }) => String(output).length },
      ],
    });
    expect(seen).toEqual(expect.arrayContaining([{ question: 'one' }, { question: 'two' }, { question: 'three' }]));
    expect(scenarios.map(({ row_index, output, scores, error }) => ({ row_index, output, scores, error }))).toEqual([
      { row_index: 0, output: '1', scores: { exact: true, length: 1 }, error: undefined },
      { row_index: 1, output: '2', scores: { exact: true, length: 1 }, error: undefined },
      { row_index: 2, output: '3', scores: { exact: true, length: 1 }, error: undefined },
    ]);
    expect(scenarios.every((s) => typeof s.latency === 'number' && s.latency >= 0)).toBe(true);
  });

  it('never runs more task calls at once than the concurrency', async () => {
    let running = 0;
    let most = 0;
    await runRows({
      rows: Array.from({ length: 12 }, (_, i) => ({ i })), expectedColumn: 'correct_answer', repetitions: 2, concurrency: 3, evaluators: [],
      task: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return 'ok';
      },
    });
    expect(most).toBe(3);
  });

  it('uploads every repetition of every row, row by row, with its repetition 1-based and its own scores or error', async () => {
    const calls = new Map<number, number>();
    const scenarios = await runRows({
      rows, expectedColumn: 'correct_answer', repetitions: 4, concurrency: 1,
      task: (_inputs, { rowIndex, repetition }) => {
        calls.set(rowIndex, (calls.get(rowIndex) ?? 0) + 1);
        if (rowIndex === 2) throw new Error(`row 2 always fails (repetition ${repetition})`);
        if (rowIndex === 1 && repetition === 0) throw new Error('flaky');
        return repetition;
      },
      evaluators: [{ name: 'even', evaluate: ({ output }) => Number(output) % 2 === 0 }, { name: 'value', evaluate: ({ output }) => Number(output) }],
    });
    expect([...calls.values()]).toEqual([4, 4, 4]);
    expect(scenarios.map((s) => [s.row_index, s.repetition])).toEqual([0, 1, 2].flatMap((row) => [1, 2, 3, 4].map((r) => [row, r])));
    expect(scenarios.slice(0, 4).map((s) => s.scores)).toEqual([0, 1, 2, 3].map((n) => ({ even: n % 2 === 0, value: n })));
    // Row 1's first run failed: that run alone is an error; the api leaves it out of the row's mean.
    expect(scenarios[4]).toMatchObject({ output: null, scores: {}, error: { message: 'flaky' } });
    expect(scenarios[5]).toMatchObject({ output: 1, scores: { even: false, value: 1 } });
    expect(scenarios[5]!.error).toBeUndefined();
    expect(scenarios.slice(8).map((s) => s.error?.message)).toEqual([0, 1, 2, 3].map((r) => `row 2 always fails (repetition ${r})`));
  });

  it('turns an evaluator that throws or answers no number into that score\'s error, not the row\'s', async () => {
    const [scenario] = await runRows({
      rows: [rows[0]!], expectedColumn: 'correct_answer', repetitions: 1, concurrency: 1, task: () => 'x',
      evaluators: [
        { name: 'throws', evaluate: () => { throw new Error('no judge today'); } },
        { name: 'nan', evaluate: () => Number.NaN },
        { name: 'text', evaluate: () => 'yes' as unknown as boolean },
      ],
    });
    expect(scenario!.error).toBeUndefined();
    expect(scenario!.scores).toEqual({
      throws: { error: 'throws threw: no judge today' },
      nan: { error: expect.stringMatching(/nan returned NaN; an evaluator returns a finite number or a boolean/) },
      text: { error: expect.stringMatching(/text returned string/) },
    });
  });
});
