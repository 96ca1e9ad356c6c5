import OpenAI from 'openai';
import { type MockLlmServer, startMockLlmServer } from './mock-llm.server';

describe('mock LLM temperature sampling (MOCK_SAMPLES)', () => {
  const servers: MockLlmServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const start = async (seed?: number) => {
    const server = await startMockLlmServer(seed === undefined ? {} : { seed });
    servers.push(server);
    return new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
  };
  const ask = async (client: OpenAI, content: string, temperature?: number) => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini', messages: [{ role: 'user', content }], ...(temperature === undefined ? {} : { temperature }),
    });
    return completion.choices[0]!.message.content;
  };
  const PROMPT = 'Capital of France?\nMOCK_SAMPLES: Paris | Lyon | Marseille';
  const answers = async (client: OpenAI, prompt = PROMPT, count = 12) => {
    const answered: Array<string | null> = [];
    for (let i = 0; i < count; i += 1) answered.push(await ask(client, prompt, 0.7));
    return answered;
  };

  it('answers the first choice at temperature 0 or without one, as greedy decoding does', async () => {
    const client = await start();
    expect([await ask(client, PROMPT), await ask(client, PROMPT, 0), await ask(client, PROMPT, 0)]).toEqual(['Paris', 'Paris', 'Paris']);
  });

  it('varies per call above temperature 0, the same sequence per prompt on every server with the same seed', async () => {
    const first = await answers(await start());
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(first.every((answer) => ['Paris', 'Lyon', 'Marseille'].includes(answer!))).toBe(true);
    // Other prompts asked in between do not shift a prompt's sequence.
    const other = await start();
    const interleaved: Array<string | null> = [];
    for (let i = 0; i < 12; i += 1) {
      await ask(other, 'Capital of Peru?\nMOCK_SAMPLES: Lima | Cusco', 0.7);
      interleaved.push(await ask(other, PROMPT, 0.7));
    }
    expect(interleaved).toEqual(first);
    expect(await answers(await start(7))).not.toEqual(first);
  });
});
