import { anError, bool, evaluatorFixture, num } from '../testing/evaluator-fixture';
import { LEVENSHTEIN_MAX_LENGTH, levenshtein } from './levenshtein-distance.evaluator';

describe('auto_levenshtein_distance', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_levenshtein_distance';

  it('computes the edit distance', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
    expect(levenshtein('same', 'same')).toBe(0);
    expect(levenshtein('😀a', 'a')).toBe(1);
  });

  it('answers the distance without a threshold', async () => {
    expect(await run(key, { output: 'kitten', correctAnswer: 'sitting' })).toEqual(num(3));
    expect(await run(key, { output: 123, correctAnswer: '124' })).toEqual(num(1));
  });

  it('answers distance <= threshold with one', async () => {
    expect(await run(key, { output: 'kitten', correctAnswer: 'sitting', settings: { threshold: 3 } })).toEqual(bool(true));
    expect(await run(key, { output: 'kitten', correctAnswer: 'sitting', settings: { threshold: '2' } })).toEqual(bool(false));
  });

  it('is an error without ground truth or with a negative threshold', async () => {
    expect(await run(key, { output: 'kitten' })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: 'a', correctAnswer: 'b', settings: { threshold: -1 } })).toEqual(
      anError(/threshold: Input should be greater than or equal to 0/),
    );
  });

  it('refuses texts longer than its cap instead of holding the process', async () => {
    const long = 'x'.repeat(LEVENSHTEIN_MAX_LENGTH + 1);
    expect(await run(key, { output: long, correctAnswer: 'x' })).toEqual(anError(/output is 10001 characters long; .* at most 10000/));
    expect(await run(key, { output: 'x', correctAnswer: long })).toEqual(anError(/ground truth is 10001 characters/));
  });
});
