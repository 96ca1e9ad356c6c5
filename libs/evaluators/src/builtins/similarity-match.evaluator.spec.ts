import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';
import { jaccardSimilarity } from './similarity-match.evaluator';

describe('auto_similarity_match', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_similarity_match';

  it('computes the Jaccard similarity of lower-cased words, ignoring punctuation', () => {
    expect(jaccardSimilarity('The cat sat.', 'the CAT sat')).toBe(1);
    expect(jaccardSimilarity('a b c', 'a b d')).toBe(0.5);
    expect(jaccardSimilarity('a b', 'c d')).toBe(0);
    expect(jaccardSimilarity('', '')).toBe(1);
  });

  it('is true from the default threshold 0.5 up', async () => {
    expect(await run(key, { output: 'a b c', correctAnswer: 'a b d' })).toEqual(bool(true));
    expect(await run(key, { output: 'a b c d', correctAnswer: 'a e f g' })).toEqual(bool(false));
  });

  it('uses the configured similarity_threshold', async () => {
    expect(await run(key, { output: 'a b c', correctAnswer: 'a b d', settings: { similarity_threshold: 0.6 } })).toEqual(bool(false));
    expect(await run(key, { output: 'a b c d', correctAnswer: 'a e f g', settings: { similarity_threshold: 0.1 } })).toEqual(bool(true));
  });

  it('compares object outputs by their JSON words', async () => {
    expect(await run(key, { output: { city: 'Paris' }, correctAnswer: 'city Paris' })).toEqual(bool(true));
  });

  it('is an error without ground truth or with a threshold above 1', async () => {
    expect(await run(key, { output: 'a' })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: 'a', correctAnswer: 'a', settings: { similarity_threshold: 1.5 } })).toEqual(
      anError(/less than or equal to 1/),
    );
  });
});
