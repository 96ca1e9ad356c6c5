import OpenAI from 'openai';
import { cosine } from './mock-replies';
import { MockLlmServer, startMockLlmServer } from './mock-llm.server';

async function post(server: MockLlmServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('mock LLM server', () => {
  let server: MockLlmServer;
  let client: OpenAI;

  beforeAll(async () => {
    server = await startMockLlmServer();
    client = new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
  });
  afterAll(() => server.close());

  it('exposes a base URL ending in /v1 and a health endpoint', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(server.url.replace(/\/v1$/, '/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers chat completions shaped like OpenAI, echoing the last user message', async () => {
    const { status, body } = await post(server, '/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: '  What is the capital of France?  ' },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Echo: What is the capital of France?' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 },
    });
    expect(typeof body.id).toBe('string');
    expect(typeof body.created).toBe('number');
  });

  it('replies exactly with the MOCK_REPLY line when present', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'Judge this answer.\nMOCK_REPLY: 8\nThanks' },
      ],
    });
    expect(completion.choices[0].message.content).toBe('8');
    expect(completion.usage).toEqual({ prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 });
  });

  it('reads text parts of array content', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'MOCK_REPLY: from parts' }] }],
    });
    expect(completion.choices[0].message.content).toBe('from parts');
  });

  it('counts at least one token for empty messages', async () => {
    const { body } = await post(server, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: '' }] });
    expect(body.usage).toEqual({ prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 });
  });

  it('rejects malformed chat requests with an OpenAI-style 400', async () => {
    const { status, body } = await post(server, '/chat/completions', { model: 'gpt-4o' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('lists models', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toContain('gpt-4o-mini');
  });

  it('returns deterministic, normalised 64-dimension embeddings (float and base64 encodings)', async () => {
    const texts = ['The cat sat on the mat', 'the CAT sat on the mat!', 'A cat on a mat', 'Quarterly revenue grew strongly'];
    const viaClient = await client.embeddings.create({ model: 'text-embedding-3-small', input: texts });
    const { body } = await post(server, '/embeddings', { model: 'text-embedding-3-small', input: texts, encoding_format: 'float' });
    const floats = (body.data as { embedding: number[] }[]).map((item) => item.embedding);
    const decoded = viaClient.data.map((item) => Array.from(item.embedding));

    expect(floats).toHaveLength(4);
    for (const [index, vector] of floats.entries()) {
      expect(vector).toHaveLength(64);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
      decoded[index].forEach((value, i) => expect(value).toBeCloseTo(vector[i], 5));
    }
    expect(cosine(floats[0], floats[1])).toBeCloseTo(1, 10);
    expect(cosine(floats[0], floats[2])).toBeGreaterThan(cosine(floats[0], floats[3]));
    expect(viaClient.usage).toEqual({ prompt_tokens: 21, total_tokens: 21 });
  });

  it('accepts a single string as embedding input', async () => {
    const result = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello world' });
    expect(result.data).toHaveLength(1);
    expect(result.data[0].embedding).toHaveLength(64);
  });

  it('fails on demand with 500 or 429 through the x-mock-fail header', async () => {
    const failed500 = await post(server, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] }, { 'x-mock-fail': '500' });
    expect(failed500.status).toBe(500);
    expect(failed500.body).toMatchObject({ error: { type: 'server_error' } });
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { headers: { 'x-mock-fail': '429' } }),
    ).rejects.toMatchObject({ status: 429 });
  });

  it('holds the connection open in timeout mode', async () => {
    const attempt = fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-fail': 'timeout' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
      signal: AbortSignal.timeout(300),
    });
    await expect(attempt).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('delays answers by x-mock-latency-ms', async () => {
    const started = Date.now();
    await post(server, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] }, { 'x-mock-latency-ms': '120' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('counts requests', () => {
    expect(server.stats().requests).toBeGreaterThan(5);
  });
});

describe('mock LLM failure injection', () => {
  async function outcomes(seed: number): Promise<number[]> {
    const server = await startMockLlmServer({ failureRate: 0.5, failureMode: '429', seed });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await post(server, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: `q${i}` }] })).status);
      }
      expect(server.stats()).toMatchObject({ requests: 20, chatCompletions: 20, failures: statuses.filter((s) => s === 429).length });
      return statuses;
    } finally {
      await server.close();
    }
  }

  it('repeats the same failure sequence for the same seed', async () => {
    const first = await outcomes(7);
    expect(await outcomes(7)).toEqual(first);
    expect(first).toContain(429);
    expect(first).toContain(200);
    expect(new Set(first)).toEqual(new Set([200, 429]));
  });

  it('fails every request with failureRate 1 and closes while a request is held', async () => {
    const server = await startMockLlmServer({ failureRate: 1, failureMode: 'timeout' });
    const held = fetch(`${server.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'e', input: 'x' }),
    });
    while (server.stats().failures === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
    await expect(held).rejects.toThrow();
  });

  it('applies the configured latency', async () => {
    const server = await startMockLlmServer({ latencyMs: 100 });
    try {
      const started = Date.now();
      await post(server, '/embeddings', { model: 'e', input: 'x' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    } finally {
      await server.close();
    }
  });
});
