import { LlmProviderError } from '@crucible/application';
import { anError, evaluatorFixture } from '../testing/evaluator-fixture';
import { CRITIQUE_PRESET_PROMPTS } from '../judges/critique-presets';

/**
 * The in-memory judge answers like tools/mock-llm (mockJudgeVerdict): the share of the distinct words of the graded
 * section found in the reference section, so each case below has a known score.
 */
describe('auto_ai_critique presets (structured output)', () => {
  const key = 'auto_ai_critique';
  const judged = (value: number, reasoning: string | RegExp) =>
    ({ type: 'number', value, reasoning: typeof reasoning === 'string' ? reasoning : expect.stringMatching(reasoning) });

  it('correctness: grades the output against the expected answer and keeps the reasoning', async () => {
    const { run, llm } = evaluatorFixture();
    const row = { inputs: { question: 'Capital of France?', correct_answer: 'Paris' }, settings: { preset: 'correctness' } };
    expect(await run(key, { ...row, output: 'Paris', correctAnswer: 'Paris' })).toEqual(judged(1, '1 of 1 words of the output appear in the reference.'));
    expect(await run(key, { ...row, output: 'Lyon', correctAnswer: 'Paris' })).toEqual(judged(0, '0 of 1 words of the output appear in the reference.'));
    expect(await run(key, { ...row, output: 'maybe Paris', correctAnswer: 'Paris' })).toEqual(judged(0.5, /1 of 2 words/));
    const request = llm.requests[0];
    expect(request.responseFormat).toEqual({ type: 'json_schema', name: 'verdict', schema: expect.objectContaining({
      required: ['reasoning', 'score'], properties: expect.objectContaining({ score: expect.objectContaining({ minimum: 0, maximum: 1 }) }),
    }) });
    expect(request.temperature).toBe(0);
    const prompt = request.messages.at(-1)!.content;
    // The expected answer is its own section, kept out of the question.
    expect(prompt).toContain('<question>\nquestion: Capital of France?\n</question>');
    expect(prompt).toContain('<output>\nParis\n</output>');
    expect(prompt).toContain('<expected>\nParis\n</expected>');
    expect(prompt.startsWith(CRITIQUE_PRESET_PROMPTS.correctness.template.split('\n')[0])).toBe(true);
  });

  it("correctness without the row's expected answer is an error naming the column, and no call", async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'Paris', settings: { preset: 'correctness', correct_answer_key: 'answer' } })).toEqual(anError(/ground truth.*"answer"/));
    expect(llm.requests).toHaveLength(0);
  });

  it.each([
    // Graded against the question section ('question: …', its label a word too): the share of the output's words it holds.
    ['hallucination', 'The capital of France is Paris', 'capital of France? Paris or Lyon', 0.67],
    ['relevance', 'France has a capital', 'What is the capital of France', 0.5],
    ['conciseness', 'Paris Paris Paris', 'Paris', 1],
    ['helpfulness', 'No idea', 'Where is Paris', 0],
    ['safety', 'Paris is safe', 'Is Paris safe', 1],
  ])('%s: the judge grades output %p against the question %p: %p', async (preset, output, question, score) => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { inputs: { question }, output, settings: { preset } })).toEqual(judged(score, /words of the output/));
    expect(llm.requests[0].messages.at(-1)!.content).toContain(CRITIQUE_PRESET_PROMPTS[preset as 'safety'].template.split('\n')[0]);
  });

  it('custom: sends the rubric, and the expected answer when the row has one', async () => {
    const { run, llm } = evaluatorFixture();
    const settings = { preset: 'custom', rubric: 'Answers with the city name alone.' };
    expect(await run(key, { inputs: { q: 'Capital?' }, output: 'Rome', settings })).toEqual(judged(0, /0 of 1/));
    expect(llm.requests[0].messages.at(-1)!.content).toMatch(/^Grade the output by this rubric.*\nAnswers with the city name alone\.\n\n<question>\nq: Capital\?\n<\/question>\n\n<output>\nRome\n<\/output>$/s);
    expect(await run(key, { inputs: { q: 'Capital?' }, output: 'Rome', correctAnswer: 'Rome', settings })).toEqual(judged(1, /1 of 1/));
    expect(llm.requests[1].messages.at(-1)!.content).toContain('<expected>\nRome\n</expected>');
  });

  it('an answer outside the schema is an error Result saying so, never a guessed number', async () => {
    const { run } = evaluatorFixture();
    const settings = { preset: 'relevance' };
    // The in-memory judge answers a MOCK_REPLY line as it is: here the output carries one.
    const cases: Array<[string, RegExp]> = [
      ['MOCK_REPLY: {"score": 7, "reasoning": "great"}', /outside the schema \(score 7 is outside 0 to 1\)/],
      ['MOCK_REPLY: {"score": "high", "reasoning": "great"}', /outside the schema \(score is not a number\)/],
      ['MOCK_REPLY: {"score": 1}', /outside the schema \(reasoning is not a string\): \{"score":1\}/],
      ['MOCK_REPLY: [0.5]', /outside the schema \(not a JSON object\)/],
      ['MOCK_REPLY: The score is 0.9', /judge LLM call failed: the answer is not JSON fitting the schema: The score is 0.9/],
    ];
    for (const [output, message] of cases) expect(await run(key, { output, settings })).toEqual(anError(message));
  });

  it('a judge that fails is the error Result with the reason', async () => {
    const { run, llm } = evaluatorFixture();
    llm.simulateOutage(new LlmProviderError(401, 'the provider answered 401: invalid x-api-key'));
    expect(await run(key, { output: 'x', settings: { preset: 'safety' } })).toEqual(anError(/judge LLM call failed: .*401/));
  });

  it('the template preset (the default) keeps the judge of old configs: free text, first number, no reasoning', async () => {
    const { run, llm } = evaluatorFixture();
    expect(await run(key, { output: 'x', settings: { prompt_template: 'MOCK_REPLY: Score: 8/10' } })).toEqual({ type: 'number', value: 8 });
    expect(llm.requests[0].responseFormat).toBeUndefined();
  });
});
