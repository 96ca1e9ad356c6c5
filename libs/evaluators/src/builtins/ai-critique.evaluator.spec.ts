import { anError, evaluatorFixture, num } from '../testing/evaluator-fixture';
import { DEFAULT_JUDGE_MODEL } from '../catalog/catalog-defaults';
import { LlmProviderError } from '@crucible/application';
import { InMemoryCodeSandbox, InMemoryLlmGateway, InMemoryModelPricing, InMemoryWebhookClient } from '@crucible/application/testing';
import { EvaluatorRunner } from '../evaluator-runner';

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
    const request = llm.requests[0];
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
    expect(llm.requests[0].model).toBe('gpt-4o');
    expect(llm.requests[0].messages.at(-1)?.content).toBe('Row {"q":"hi"}, format {"score": n}, {unknown}\nMOCK_REPLY: 0.75');
  });

  it('uses the default template, which needs the ground truth', async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'Paris' })).toEqual(anError(/ground truth/));
    expect(llm.requests).toHaveLength(0);
    // The in-memory judge echoes the prompt, whose first number is the "0" of the scale description.
    expect(await run(key, { inputs: { q: 'x' }, output: 'Paris', correctAnswer: 'Paris' })).toEqual(num(0));
    expect(llm.requests[0].messages.at(-1)?.content).toContain('Output to evaluate: Paris');
  });

  it('is an error naming the reply when it holds no number', async () => {
    const { run } = evaluatorFixture();
    const result = await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: Excellent answer' } });
    expect(result).toEqual(anError(/no score: "Excellent answer"/));
  });

  it('is an error naming the provider when it refuses', async () => {
    const { run, llm } = evaluatorFixture();
    llm.simulateOutage(new LlmProviderError(401, 'anthropic/claude-3-5-haiku-latest via claude: the provider answered 401: invalid x-api-key'));
    expect(await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: 5' } })).toEqual(anError(/judge LLM call failed: .*401: invalid x-api-key/));
  });

  it('sends a config without connection to the OPENAI_* environment connection, as before connections existed', async () => {
    const { run, llm } = evaluatorFixture();
    await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: 5', model: 'gpt-4o' } });
    expect(llm.requests[0]).toMatchObject({ projectId: 'project-1', connectionId: 'environment', model: 'gpt-4o' });
  });

  it("goes through the configured connection and model, and reports the judge's cost", async () => {
    const pricing = new InMemoryModelPricing({ 'anthropic/claude-3-5-haiku-latest': { input: 0.8, output: 4 } });
    const llm = new InMemoryLlmGateway(pricing);
    const runner = new EvaluatorRunner(llm, new InMemoryWebhookClient(), new InMemoryCodeSandbox());
    const costs: number[] = [];
    const result = await runner.evaluate(key, {
      projectId: 'p9', inputs: {}, output: 'x', correctAnswer: undefined, appParams: {}, onCost: (usd) => costs.push(usd),
      settings: { prompt_template: 'MOCK_REPLY: 6', model: 'anthropic/claude-3-5-haiku-latest', connection_id: 'c-claude' },
    });
    expect(result).toEqual(num(6));
    expect(llm.requests[0]).toMatchObject({ projectId: 'p9', connectionId: 'c-claude', model: 'anthropic/claude-3-5-haiku-latest' });
    // The in-memory model counts words: the judge's system prompt and 'MOCK_REPLY: 6' in, '6' out.
    const { usage } = await llm.generate(llm.requests[0]);
    expect(costs).toEqual([(usage.input * 0.8 + usage.output * 4) / 1e6]);
  });
});

describe('auto_ai_critique retries', () => {
  const ctx = (llm: InMemoryLlmGateway) => ({
    runner: new EvaluatorRunner(llm, new InMemoryWebhookClient(), new InMemoryCodeSandbox()),
    row: {
      projectId: 'p', inputs: {}, output: 'x', correctAnswer: undefined, appParams: {},
      settings: { prompt_template: 'MOCK_REPLY: 4' }, retries: { maxRetries: 2, retryDelaySeconds: 0 },
    },
  });

  it("retries a 429, a 5xx or no answer as the evaluation's rate_limit says", async () => {
    const llm = new InMemoryLlmGateway();
    llm.simulateOutage(new LlmProviderError(429, 'the provider answered 429: Rate limit reached'), 2);
    const { runner, row } = ctx(llm);
    expect(await runner.evaluate('auto_ai_critique', row)).toEqual(num(4));
    expect(llm.requests).toHaveLength(3);
    llm.simulateOutage(new LlmProviderError(null, 'did not answer within 60000 ms'), 3);
    expect(await runner.evaluate('auto_ai_critique', row)).toEqual(anError(/did not answer within 60000 ms/));
  });

  it('does not retry a refused key', async () => {
    const llm = new InMemoryLlmGateway();
    llm.simulateOutage(new LlmProviderError(401, 'the provider answered 401: invalid x-api-key'));
    const { runner, row } = ctx(llm);
    expect(await runner.evaluate('auto_ai_critique', row)).toEqual(anError(/401: invalid x-api-key/));
    expect(llm.requests).toHaveLength(1);
  });
});
