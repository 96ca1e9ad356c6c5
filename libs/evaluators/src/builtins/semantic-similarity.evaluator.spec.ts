import { anError, evaluatorFixture } from '../testing/evaluator-fixture';
import { cosineSimilarity } from './semantic-similarity.evaluator';

describe('auto_semantic_similarity', () => {
  const key = 'auto_semantic_similarity';

  it('computes the cosine similarity of two vectors', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBeCloseTo(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1);
  });

  it('embeds output and ground truth with the default model and answers their cosine', async () => {
    const { run, llm } = evaluatorFixture();
    const same = await run(key, { output: 'The cat sat on the mat', correctAnswer: 'the cat sat on the mat' });
    const close = await run(key, { output: 'The cat sat on the mat', correctAnswer: 'A cat sat on a rug' });
    const far = await run(key, { output: 'The cat sat on the mat', correctAnswer: 'Quarterly revenue grew' });
    expect(same.type).toBe('number');
    expect(same.value).toBeCloseTo(1);
    expect(close.value as number).toBeLessThan(same.value as number);
    expect(far.value as number).toBeLessThan(close.value as number);
    expect(llm.embedRequests[0]).toEqual({ projectId: 'project-1', connectionId: 'environment', model: 'text-embedding-3-small', input: ['The cat sat on the mat', 'the cat sat on the mat'] });
  });

  it('uses the configured model and embeds object outputs as JSON text', async () => {
    const { run, llm } = evaluatorFixture();
    await run(key, { output: { a: 1 }, correctAnswer: 'a 1', settings: { model: 'local/my-embedder', connection_id: 'c-local' } });
    expect(llm.embedRequests[0]).toEqual({ projectId: 'project-1', connectionId: 'c-local', model: 'local/my-embedder', input: ['{"a":1}', 'a 1'] });
  });

  it('is an error without ground truth, for an empty text or when the provider fails', async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'x' })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: '', correctAnswer: 'words' })).toEqual(anError(/all zeros/));
    llm.simulateOutage('503 Service Unavailable');
    expect(await run(key, { output: 'x', correctAnswer: 'x' })).toEqual(anError(/^Embedding failed: 503 Service Unavailable$/));
  });
});
