import { anError, evaluatorFixture, num } from '../testing/evaluator-fixture';
import { WEBHOOK_TIMEOUT_MS } from './webhook.evaluator';

describe('auto_webhook_test', () => {
  const key = 'auto_webhook_test';
  const url = 'https://hooks.example.test/score';
  const settings = { webhook_url: url };

  it('posts inputs, output and correct answer and answers the score', async () => {
    const { run, webhook } = evaluatorFixture();
    webhook.route(url, (body) => {
      const { output, correct_answer } = body as { output: string; correct_answer: string };
      return { score: output === correct_answer ? 1 : 0.25 };
    });
    expect(await run(key, { inputs: { q: 'Capital?' }, output: 'Paris', correctAnswer: 'Paris', settings })).toEqual(num(1));
    expect(await run(key, { inputs: { q: 'Capital?' }, output: 'Lyon', correctAnswer: 'Paris', settings })).toEqual(num(0.25));
    expect(webhook.calls[0]).toEqual({
      url,
      body: { inputs: { q: 'Capital?' }, output: 'Paris', correct_answer: 'Paris' },
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
  });

  it('sends null when the row has no ground truth and objects as they are', async () => {
    const { run, webhook } = evaluatorFixture();
    webhook.route(url, () => ({ score: 0.5, reason: 'fine' }));
    expect(await run(key, { output: { a: [1] }, settings })).toEqual(num(0.5));
    expect(webhook.calls[0].body).toEqual({ inputs: {}, output: { a: [1] }, correct_answer: null });
  });

  it.each([
    [{ score: 1.5 }],
    [{ score: '0.5' }],
    [{ result: 1 }],
    [[0.5]],
    [null],
  ])('is an error when the webhook answers %j', async (answer) => {
    const { run, webhook } = evaluatorFixture();
    webhook.route(url, () => answer);
    expect(await run(key, { output: 'x', settings })).toEqual(anError(/must answer \{"score": <number between 0 and 1>\}, but answered/));
  });

  it('is an error when the webhook cannot be reached or throws', async () => {
    const { run, webhook } = evaluatorFixture();
    expect(await run(key, { output: 'x', settings })).toEqual(anError(/webhook call failed: connect ECONNREFUSED/));
    webhook.route(url, () => {
      throw new Error('500 Internal Server Error');
    });
    expect(await run(key, { output: 'x', settings })).toEqual(anError(/webhook call failed: 500 Internal Server Error/));
  });

  it('rejects a URL that is not http(s)', async () => {
    const { run } = evaluatorFixture();
    expect(await run(key, { settings: { webhook_url: 'ftp://example.test' } })).toEqual(anError(/http:\/\/ or https:\/\//));
    expect(await run(key, { settings: { webhook_url: 'not a url' } })).toEqual(anError(/invalid URL/));
  });
});
