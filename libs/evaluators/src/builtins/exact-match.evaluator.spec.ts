import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('auto_exact_match', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_exact_match';

  it('is true only for the identical text', async () => {
    expect(await run(key, { output: 'Paris', correctAnswer: 'Paris' })).toEqual(bool(true));
    expect(await run(key, { output: 'Paris ', correctAnswer: 'Paris' })).toEqual(bool(false));
    expect(await run(key, { output: 'paris', correctAnswer: 'Paris' })).toEqual(bool(false));
  });

  it('compares non-string outputs by their JSON text', async () => {
    expect(await run(key, { output: 42, correctAnswer: '42' })).toEqual(bool(true));
    expect(await run(key, { output: { a: 1 }, correctAnswer: '{"a":1}' })).toEqual(bool(true));
    expect(await run(key, { output: { a: 2 }, correctAnswer: '{"a":1}' })).toEqual(bool(false));
  });

  it('is an error naming the column when the row has no ground truth', async () => {
    expect(await run(key, { output: 'Paris', settings: { correct_answer_key: 'capital' } })).toEqual(anError(/"capital"/));
    expect(await run(key, { output: 'Paris', correctAnswer: null })).toEqual(anError(/ground truth/));
  });
});
