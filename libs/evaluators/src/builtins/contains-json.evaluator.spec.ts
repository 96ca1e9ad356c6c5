import { bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('auto_contains_json', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_contains_json';

  it('finds JSON objects and arrays, alone or inside prose and code fences', async () => {
    expect(await run(key, { output: '{"answer": 42}' })).toEqual(bool(true));
    expect(await run(key, { output: 'Sure! Here it is: {"answer": 42}. Anything else?' })).toEqual(bool(true));
    expect(await run(key, { output: '```json\n[1, 2, 3]\n```' })).toEqual(bool(true));
    expect(await run(key, { output: 'The list: [1, 2, 3]' })).toEqual(bool(true));
  });

  it('is false for text without a JSON object, bad JSON and bare scalars', async () => {
    expect(await run(key, { output: 'The answer is 42' })).toEqual(bool(false));
    expect(await run(key, { output: '{"answer": 42,}' })).toEqual(bool(false));
    expect(await run(key, { output: '{answer: 42}' })).toEqual(bool(false));
    expect(await run(key, { output: '"just a string"' })).toEqual(bool(false));
  });

  it('treats structured non-string outputs as JSON and scalars as not', async () => {
    expect(await run(key, { output: { answer: 42 } })).toEqual(bool(true));
    expect(await run(key, { output: [] })).toEqual(bool(true));
    expect(await run(key, { output: 42 })).toEqual(bool(false));
    expect(await run(key, { output: null })).toEqual(bool(false));
  });
});
