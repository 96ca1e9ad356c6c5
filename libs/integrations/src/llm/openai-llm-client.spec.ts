import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { OpenAiLlmClient } from './openai-llm-client';

describe('OpenAiLlmClient against the mock LLM', () => {
  let server: MockLlmServer;
  let failing: MockLlmServer;

  beforeAll(async () => {
    server = await startMockLlmServer();
    failing = await startMockLlmServer({ failureRate: 1, failureMode: '500' });
  });
  afterAll(async () => {
    await server.close();
    await failing.close();
  });

  it('returns the reply, the answering model and the token usage', async () => {
    const client = new OpenAiLlmClient({ baseURL: server.url });
    const completion = await client.chat({
      model: 'gpt-4o-mini',
      temperature: 0,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Grade this.\nMOCK_REPLY: 7 out of 10' },
      ],
    });
    expect(completion.content).toBe('7 out of 10');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.tokens.total).toBe(completion.tokens.prompt + completion.tokens.completion);
    expect(completion.tokens.prompt).toBeGreaterThan(0);
  });

  it('echoes the last user message without a scripted reply', async () => {
    const client = new OpenAiLlmClient({ baseURL: server.url });
    const completion = await client.chat({ model: 'mock-model', messages: [{ role: 'user', content: 'hello there' }] });
    expect(completion.content).toBe('Echo: hello there');
  });

  it('embeds every input, in order, deterministically', async () => {
    const client = new OpenAiLlmClient({ baseURL: server.url });
    const [cat, dog, catAgain] = await client.embed({ model: 'text-embedding-3-small', input: ['a cat', 'a dog', 'a cat'] });
    expect(cat).toHaveLength(64);
    expect(catAgain).toEqual(cat);
    expect(dog).not.toEqual(cat);
    expect(await client.embed({ model: 'text-embedding-3-small', input: [] })).toEqual([]);
  });

  it('reads OPENAI_BASE_URL and OPENAI_API_KEY when no options are given', async () => {
    const saved = { url: process.env['OPENAI_BASE_URL'], key: process.env['OPENAI_API_KEY'] };
    process.env['OPENAI_BASE_URL'] = server.url;
    delete process.env['OPENAI_API_KEY'];
    try {
      const completion = await new OpenAiLlmClient().chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'MOCK_REPLY: from env' }] });
      expect(completion.content).toBe('from env');
    } finally {
      restore('OPENAI_BASE_URL', saved.url);
      restore('OPENAI_API_KEY', saved.key);
    }
  });

  it('rejects with the status when the provider fails', async () => {
    const client = new OpenAiLlmClient({ baseURL: failing.url, maxRetries: 0 });
    await expect(client.chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/500/);
    await expect(client.embed({ model: 'text-embedding-3-small', input: ['hi'] })).rejects.toThrow(/500/);
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
