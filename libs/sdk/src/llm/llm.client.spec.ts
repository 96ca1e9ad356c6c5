import request from 'supertest';
import { costOf } from '../assets';
import { createService, Field, init, instrument, llm, MCField } from '../index';
import { MockLlmProcess, startMockLlmProcess } from '../testing/mock-llm-process';

class Cfg {
  @MCField({ default: 'gpt-4o-mini', choices: ['gpt-4o-mini', 'gpt-4o', 'local-model'] }) model!: string;
  @Field({ default: 0.2, ge: 0, le: 2 }) temperature!: number;
}

describe('llm helper against the mock LLM', () => {
  let mock: MockLlmProcess;
  beforeAll(async () => {
    mock = await startMockLlmProcess();
  });
  afterAll(() => mock.stop());
  beforeEach(() => init({ host: 'http://127.0.0.1:9', openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 }));

  it('chats and embeds outside a trace', async () => {
    const chat = await llm.chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'MOCK_REPLY: Paris' }] });
    expect(chat).toMatchObject({ content: 'Paris', model: 'gpt-4o', finish_reason: 'stop', tokens: { prompt: 2, completion: 1, total: 3 } });
    expect(chat.cost).toBeCloseTo(costOf('gpt-4o', { prompt: 2, completion: 1 }), 12);

    const embedded = await llm.embed({ model: 'text-embedding-3-small', input: ['one two', 'three'] });
    expect(embedded.embeddings).toHaveLength(2);
    expect(embedded.embeddings[0]).toHaveLength(64);
    expect(embedded.tokens).toEqual({ prompt: 3, completion: 0, total: 3 });
  });

  it('sums tokens and cost of nested LLM spans into the trace totals', async () => {
    const service = createService();
    const retrieve = instrument('retrieve', async (query: string) => {
      const { embeddings } = await llm.embed({ model: 'text-embedding-3-small', input: query });
      return embeddings[0].length;
    });
    const draft = instrument('draft', async (topic: string, model: string) => {
      const first = await llm.chat({ model, messages: [{ role: 'user', content: `Write about ${topic}` }] });
      const second = await llm.chat({ model, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'MOCK_REPLY: short final answer' }] });
      return `${first.content} / ${second.content}`;
    });
    service.route('/write', Cfg)(async (inputs: { topic: string }, config) => {
      const dims = await retrieve(inputs.topic);
      return { dims, text: await draft(inputs.topic, config.model) };
    });

    const response = await request(service.expressApp()).post('/playground/run/write').send({ inputs: { topic: 'red foxes' }, config: { model: 'gpt-4o' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ dims: 64, text: 'Echo: Write about red foxes / short final answer' });

    const { trace } = response.body;
    const byName = (name: string) => trace.spans.filter((span: { name: string }) => span.name === name);
    const [embedSpan] = byName('llm.embed');
    const chatSpans = byName('llm.chat');
    expect(embedSpan).toMatchObject({ kind: 'embedding', model: 'text-embedding-3-small', tokens: { prompt: 2, completion: 0, total: 2 }, parent_span_id: byName('retrieve')[0].span_id });
    expect(embedSpan.outputs).toEqual({ count: 1, dimensions: 64, tokens: { prompt: 2, completion: 0, total: 2 }, cost: embedSpan.cost });
    // "Write about red foxes" → 4 prompt words, "Echo: Write about red foxes" → 5 completion words
    expect(chatSpans[0]).toMatchObject({ kind: 'llm', model: 'gpt-4o', tokens: { prompt: 4, completion: 5, total: 9 }, parent_span_id: byName('draft')[0].span_id });
    expect(chatSpans[0].inputs).toMatchObject({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Write about red foxes' }] });
    expect(chatSpans[1]).toMatchObject({ tokens: { prompt: 6, completion: 3, total: 9 } });
    expect(byName('draft')[0].tokens).toEqual({ prompt: 10, completion: 8, total: 18 });

    const expectedCost = costOf('text-embedding-3-small', { prompt: 2 }) + costOf('gpt-4o', { prompt: 10, completion: 8 });
    expect(trace.tokens).toEqual({ prompt: 12, completion: 8, total: 20 });
    expect(trace.cost).toBeCloseTo(expectedCost, 12);
    expect(trace.cost).toBeGreaterThan(0);
  });

  it('records cost 0 for a model without a price', async () => {
    const service = createService();
    service.route('/local', Cfg)(async (_inputs, config) => (await llm.chat({ model: config.model, messages: [{ role: 'user', content: 'hi there' }] })).content);
    const response = await request(service.expressApp()).post('/playground/run/local').send({ inputs: {}, config: { model: 'local-model' } });
    expect(response.body.data).toBe('Echo: hi there');
    expect(response.body.trace.tokens).toEqual({ prompt: 2, completion: 3, total: 5 });
    expect(response.body.trace.cost).toBe(0);
    expect(response.body.trace.spans[1]).toMatchObject({ model: 'local-model', cost: 0 });
  });

  it('marks the LLM span as failed, and answers 500 when the workflow lets the error through', async () => {
    const service = createService();
    const ask = () => llm.chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    service.route('/fails', Cfg)(async () => ask());
    service.route('/recovers', Cfg)(async () => ask().catch(() => 'fallback'));
    const flaky = await startMockLlmProcess({ MOCK_LLM_FAILURE_RATE: '1', MOCK_LLM_FAILURE_MODE: '429' });
    try {
      init({ openaiBaseUrl: flaky.url, openaiApiKey: 'test', llmMaxRetries: 0 });
      const failed = await request(service.expressApp()).post('/playground/run/fails').send({ inputs: {} });
      expect(failed.status).toBe(500);
      expect(failed.body.detail.message).toContain('429');

      const recovered = await request(service.expressApp()).post('/playground/run/recovers').send({ inputs: {} });
      expect(recovered.body.data).toBe('fallback');
      expect(recovered.body.trace.spans[1]).toMatchObject({ name: 'llm.chat', kind: 'llm', status: 'error', error: { message: expect.stringContaining('429') } });
      expect(recovered.body.trace.tokens).toEqual({ prompt: 0, completion: 0, total: 0 });
    } finally {
      await flaky.stop();
    }
  });

  it('reads OPENAI_BASE_URL and OPENAI_API_KEY at call time when init gives none', async () => {
    init({});
    const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = mock.url;
    process.env.OPENAI_API_KEY = 'env-key';
    try {
      await expect(llm.chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'MOCK_REPLY: env' }] })).resolves.toMatchObject({ content: 'env' });
    } finally {
      process.env.OPENAI_BASE_URL = saved.base;
      process.env.OPENAI_API_KEY = saved.key;
      if (saved.base === undefined) delete process.env.OPENAI_BASE_URL;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
    }
  });
});
