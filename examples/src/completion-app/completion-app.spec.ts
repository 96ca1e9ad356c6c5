import { startMockLlmServer, MockLlmServer } from '@crucible/mock-llm';
import { init, RunningService } from '@crucible/sdk';
import { costOf, supportedLlmModels } from '@crucible/sdk/assets';
import { createCompletionApp } from './completion-app';
import { fillTemplate } from './prompt-template';

interface RunBody {
  data: string;
  trace: { tokens: { prompt: number; completion: number; total: number }; cost: number; spans: { name: string; model?: string; inputs?: unknown }[] };
}

describe('completion app against the mock LLM', () => {
  let mock: MockLlmServer;
  let app: RunningService;

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as RunBody & { detail: unknown } };
  };

  beforeAll(async () => {
    mock = await startMockLlmServer();
    init({ host: 'http://127.0.0.1:9', openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
    app = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await mock.close();
  });

  it.each(['/generate', '/playground/run'])('completes the filled template on %s with the defaults', async (path) => {
    const { status, body } = await post(path, { inputs: { input: 'What is 2+2?' } });
    expect(status).toBe(200);
    expect(body.data).toBe('Echo: Answer the question.\n\nQuestion: What is 2+2?');
    const llmSpan = body.trace.spans.find((span) => span.name === 'llm.chat');
    expect(llmSpan).toMatchObject({
      model: 'gpt-4o-mini',
      inputs: {
        model: 'gpt-4o-mini',
        temperature: 0.7,
        max_tokens: 256,
        messages: [{ role: 'system', content: 'You are a helpful assistant. Answer in a concise style.' }, { role: 'user' }],
      },
    });
    expect(body.trace.tokens.total).toBeGreaterThan(0);
    expect(body.trace.cost).toBeCloseTo(costOf('gpt-4o-mini', body.trace.tokens), 12);
  });

  it('applies every configured field', async () => {
    const { body } = await post('/generate', {
      inputs: { input: 'MOCK_REPLY: 4', topic: 'maths' },
      config: { prompt_template: 'About {topic}:\n{input}', temperature: 0, max_tokens: 5, use_system_prompt: false, model: 'claude-3-5-sonnet-latest', style: 'detailed' },
    });
    expect(body.data).toBe('4');
    expect(body.trace.spans[1]).toMatchObject({
      model: 'claude-3-5-sonnet-latest',
      inputs: { temperature: 0, max_tokens: 5, messages: [{ role: 'user', content: 'About maths:\nMOCK_REPLY: 4' }] },
    });
  });

  it('answers 422 for a config outside the schema', async () => {
    const { status, body } = await post('/generate', { inputs: { input: 'x' }, config: { temperature: 3, max_tokens: 1.5, model: 'gpt-99' } });
    expect(status).toBe(422);
    expect((body.detail as { loc: string[]; type: string }[]).map((error) => [error.loc[2], error.type])).toEqual([
      ['temperature', 'less_than_equal'],
      ['max_tokens', 'int_type'],
      ['model', 'literal_error'],
    ]);
  });

  it('answers 500 when the template needs an input the request lacks', async () => {
    const { status, body } = await post('/generate', { inputs: { input: 'x' }, config: { prompt_template: '{missing}' } });
    expect(status).toBe(500);
    expect(body.detail).toMatchObject({ message: 'The prompt template needs the input "missing", which the request does not give' });
  });

  it('publishes every field kind in /openapi.json', async () => {
    const openapi = (await (await fetch(`${app.url}/openapi.json`)).json()) as {
      'x-crucible-routes': { path: string; config_schema: { properties: Record<string, { 'x-parameter': string; default: unknown; choices?: unknown }> } }[];
    };
    const [entry] = openapi['x-crucible-routes'];
    expect(entry.path).toBe('/');
    const properties = entry.config_schema.properties;
    expect(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, property['x-parameter']]))).toEqual({
      prompt_template: 'text',
      temperature: 'float',
      max_tokens: 'int',
      use_system_prompt: 'bool',
      model: 'grouped_choice',
      style: 'choice',
    });
    expect(properties.model).toMatchObject({ default: 'gpt-4o-mini', choices: supportedLlmModels });
  });
});

describe('fillTemplate', () => {
  it('fills placeholders and serialises non-string values', () => {
    expect(fillTemplate('{a} and {b}', { a: 'x', b: [1, 2] })).toBe('x and [1,2]');
  });
});
