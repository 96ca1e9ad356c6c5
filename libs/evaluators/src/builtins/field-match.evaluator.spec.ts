import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('field_match_test', () => {
  const { run } = evaluatorFixture();
  const key = 'field_match_test';
  const settings = { json_field: 'country' };

  it('compares one field of a JSON string output with the ground truth', async () => {
    expect(await run(key, { output: '{"country": "France", "city": "Paris"}', correctAnswer: 'France', settings })).toEqual(bool(true));
    expect(await run(key, { output: '{"country": "Spain"}', correctAnswer: 'France', settings })).toEqual(bool(false));
  });

  it('reads object outputs directly and compares numbers with their text', async () => {
    expect(await run(key, { output: { age: 42 }, correctAnswer: '42', settings: { json_field: 'age' } })).toEqual(bool(true));
  });

  it('follows a dotted path, preferring a key that holds the dot', async () => {
    const output = { address: { city: 'Paris' }, 'address.city': 'Lyon', tags: ['a', 'b'] };
    expect(await run(key, { output, correctAnswer: 'Lyon', settings: { json_field: 'address.city' } })).toEqual(bool(true));
    expect(await run(key, { output: { address: { city: 'Paris' } }, correctAnswer: 'Paris', settings: { json_field: 'address.city' } })).toEqual(bool(true));
    expect(await run(key, { output, correctAnswer: 'b', settings: { json_field: 'tags.1' } })).toEqual(bool(true));
  });

  it('is false when the output is not JSON or lacks the field', async () => {
    expect(await run(key, { output: 'country: France', correctAnswer: 'France', settings })).toEqual(bool(false));
    expect(await run(key, { output: '{"city": "Paris"}', correctAnswer: 'France', settings })).toEqual(bool(false));
  });

  it('is an error without ground truth or without json_field', async () => {
    expect(await run(key, { output: '{"country": "France"}', settings })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: '{"country": "France"}', correctAnswer: 'France' })).toEqual(anError(/json_field: Field required/));
  });
});
