import { anError, evaluatorFixture, num } from '../testing/evaluator-fixture';

describe('auto_json_diff', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_json_diff';
  const expected = '{"name": "Ada", "born": 1815, "address": {"city": "London", "country": "UK"}}';

  it('scores the share of expected leaf fields reproduced, recursively', async () => {
    expect(await run(key, { output: expected, correctAnswer: expected })).toEqual(num(1));
    const partial = { name: 'Ada', born: 1816, address: { city: 'London', country: 'France' } };
    expect(await run(key, { output: partial, correctAnswer: expected })).toEqual(num(0.5));
    expect(await run(key, { output: '{"name": "Ada", "extra": true}', correctAnswer: expected })).toEqual(num(0.25));
  });

  it('compares array items by position and does not confuse 1 with "1"', async () => {
    expect(await run(key, { output: { tags: ['a', 'x'] }, correctAnswer: { tags: ['a', 'b'] } })).toEqual(num(0.5));
    expect(await run(key, { output: { n: '1' }, correctAnswer: { n: 1 } })).toEqual(num(0));
  });

  it('compares only types with compare_schema_only', async () => {
    const output = { name: 'Grace', born: 1906, address: { city: 'NYC', country: null } };
    expect(await run(key, { output, correctAnswer: expected, settings: { compare_schema_only: true } })).toEqual(num(0.75));
  });

  it('counts extra output keys with predict_keys', async () => {
    const output = { name: 'Ada', born: 1815, address: { city: 'London', country: 'UK' }, extra: 1 };
    expect(await run(key, { output, correctAnswer: expected, settings: { predict_keys: true } })).toEqual(num(0.8));
  });

  it('matches keys regardless of case with case_insensitive_keys', async () => {
    const output = { Name: 'Ada', BORN: 1815, Address: { City: 'London', country: 'UK' } };
    expect(await run(key, { output, correctAnswer: expected })).toEqual(num(0));
    expect(await run(key, { output, correctAnswer: expected, settings: { case_insensitive_keys: true } })).toEqual(num(1));
  });

  it('scores 0 for an output that is not JSON', async () => {
    expect(await run(key, { output: 'name: Ada', correctAnswer: expected })).toEqual(num(0));
  });

  it('is an error when the ground truth is missing or not JSON', async () => {
    expect(await run(key, { output: expected })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: expected, correctAnswer: '{name: Ada}' })).toEqual(anError(/ground truth is not valid JSON/));
  });
});
