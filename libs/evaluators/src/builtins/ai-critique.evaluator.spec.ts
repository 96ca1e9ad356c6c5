import { anError, evaluatorFixture, num } from '../testing/evaluator-fixture';
import { DEFAULT_JUDGE_MODEL } from '../catalog/catalog-defaults';

describe('auto_ai_critique', () => {
  const key = 'auto_ai_critique';

  it('fills the template and parses the first number of the reply', async () => {
    const { run, llm } = evaluatorFixture();
    const prompt_template = 'Q: {question}\nExpected: {ground_truth}\nGot: {prediction}\nMOCK_REPLY: Score: 8/10';
    const result = await run(key, {
      inputs: { question: 'Capital of France?' },
      output: 'Paris',
      correctAnswer: 'Paris',
      settings: { prompt_template },
    });
    expect(result).toEqual(num(8));
    const request = llm.chatRequests[0];
    expect(request.model).toBe(DEFAULT_JUDGE_MODEL);
    expect(request.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Q: Capital of France?\nExpected: Paris\nGot: Paris\nMOCK_REPLY: Score: 8/10',
    });
  });

  it('reads decimals, fills {inputs} with the row and leaves unknown braces alone', async () => {
    const { run, llm } = evaluatorFixture();
    const prompt_template = 'Row {inputs}, format {"score": n}, {unknown}\nMOCK_REPLY: 0.75';
    const result = await run(key, { inputs: { q: 'hi' }, output: { a: 1 }, settings: { prompt_template, model: 'gpt-4o' } });
    expect(result).toEqual(num(0.75));
    expect(llm.chatRequests[0].model).toBe('gpt-4o');
    expect(llm.chatRequests[0].messages.at(-1)?.content).toBe('Row {"q":"hi"}, format {"score": n}, {unknown}\nMOCK_REPLY: 0.75');
  });

  it('uses the default template, which needs the ground truth', async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'Paris' })).toEqual(anError(/ground truth/));
    expect(llm.chatRequests).toHaveLength(0);
    // The in-memory judge echoes the prompt, whose first number is the "0" of the scale description.
    expect(await run(key, { inputs: { q: 'x' }, output: 'Paris', correctAnswer: 'Paris' })).toEqual(num(0));
    expect(llm.chatRequests[0].messages.at(-1)?.content).toContain('Output to evaluate: Paris');
  });

  it('is an error naming the reply when it holds no number', async () => {
    const { run } = evaluatorFixture();
    const result = await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: Excellent answer' } });
    expect(result).toEqual(anError(/no score: "Excellent answer"/));
  });

  it('is an error for an unsupported model or a failing provider', async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'x', settings: { model: 'llama-99' } })).toEqual(anError(/model: Input should be 'gpt-4o-mini'/));
    llm.simulateOutage('401 Incorrect API key');
    expect(await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: 5' } })).toEqual(anError(/judge LLM call failed: 401/));
  });
});
