import { MockLlmServer, startMockLlmServer } from './mock-llm.server';

const KEY = 'sk-mock-expected';

async function call(server: MockLlmServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, 'x-api-key': KEY, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const sseData = (text: string): unknown[] =>
  text.split('\n').filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]').map((line) => JSON.parse(line.slice(6)));

describe('mock LLM wire formats', () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer({ apiKey: KEY });
  });
  afterAll(() => server.close());

  it('answers 401 for a wrong key in both formats', async () => {
    const openai = await call(server, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { authorization: 'Bearer nope', 'x-api-key': 'nope' });
    expect(openai.status).toBe(401);
    expect(JSON.parse(openai.text)).toMatchObject({ error: { code: 'invalid_api_key' } });
    const anthropic = await call(server, '/messages', { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { authorization: '', 'x-api-key': 'nope' });
    expect(anthropic.status).toBe(401);
    expect(JSON.parse(anthropic.text)).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it("speaks Anthropic's Messages API with cache tokens, and tool use", async () => {
    const before = server.stats().billed;
    const plain = await call(server, '/messages', { model: 'claude-x', max_tokens: 50, system: 'Be brief now', messages: [{ role: 'user', content: 'MOCK_REPLY: 7' }] });
    const billed = server.stats().billed;
    expect({ input: billed.input - before.input, cachedInput: billed.cachedInput - before.cachedInput, output: billed.output - before.output })
      .toEqual({ input: 5, cachedInput: 3, output: 1 });
    expect(JSON.parse(plain.text)).toMatchObject({
      type: 'message', model: 'claude-x', content: [{ type: 'text', text: '7' }], stop_reason: 'end_turn',
      usage: { input_tokens: 2, output_tokens: 1, cache_read_input_tokens: 3 },
    });
    const tools = [{ name: 'weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];
    const tool = await call(server, '/messages', { model: 'c', max_tokens: 50, tools, messages: [{ role: 'user', content: 'MOCK_TOOL_ARGS: {"city":"Oslo"}' }] });
    expect(JSON.parse(tool.text)).toMatchObject({ content: [{ type: 'tool_use', name: 'weather', input: { city: 'Oslo' } }], stop_reason: 'tool_use' });
  });

  it('streams Anthropic events in order, and cuts a dropped stream halfway', async () => {
    const streamed = await call(server, '/messages', { model: 'c', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'MOCK_REPLY: one two three' }] });
    const types = sseData(streamed.text).map((event) => (event as { type: string }).type);
    expect(types).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    await expect(call(server, '/messages', { model: 'c', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'a b c d' }] }, { 'x-mock-fail': 'drop' }))
      .rejects.toThrow();
  });

  it('streams OpenAI chunks with a final usage chunk, tool calls and json_schema output', async () => {
    const streamed = await call(server, '/chat/completions', { model: 'g', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'MOCK_REPLY: hello world' }] });
    const chunks = sseData(streamed.text) as Array<{ choices: Array<{ delta: { content?: string } }>; usage?: unknown }>;
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('hello world');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 2 } });
    expect(streamed.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } }];
    const tool = JSON.parse((await call(server, '/chat/completions', { model: 'g', tools, messages: [{ role: 'user', content: 'find it' }] })).text);
    expect(tool.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { tool_calls: [{ function: { name: 'lookup', arguments: '{"id":0}' } }] } });
    const schema = { type: 'object', properties: { score: { type: 'number' }, reason: { type: 'string' } }, required: ['score', 'reason'] };
    const json = JSON.parse((await call(server, '/chat/completions', { model: 'g', response_format: { type: 'json_schema', json_schema: { name: 's', schema } }, messages: [{ role: 'user', content: 'grade' }] })).text);
    expect(JSON.parse(json.choices[0].message.content)).toEqual({ score: 0, reason: 'mock' });
  });

  it("answers a judge's JSON schema with a verdict derived from the prompt's sections, or a scripted answer off the schema", async () => {
    const schema = { type: 'object', properties: { reasoning: { type: 'string' }, score: { type: 'number', minimum: 0, maximum: 10 } }, required: ['reasoning', 'score'] };
    const judge = async (content: string, format = { type: 'json_schema', json_schema: { name: 'verdict', schema } }) => {
      const openai = JSON.parse((await call(server, '/chat/completions', { model: 'g', response_format: format, messages: [{ role: 'user', content }] })).text);
      return JSON.parse(openai.choices[0].message.content);
    };
    // 'maybe' is not in the expected answer, 'paris' is: half the output's words, on a 0 to 10 scale.
    expect(await judge('Grade it.\n<output>\nmaybe Paris\n</output>\n<expected>\nParis\n</expected>'))
      .toEqual({ score: 5, reasoning: '1 of 2 words of the output appear in the reference.' });
    expect(await judge('<contexts>\nOslo is cold\n</contexts>\n<output>\nOslo\n</output>')).toEqual({ score: 10, reasoning: '1 of 1 words of the output appear in the reference.' });
    expect(await judge('<output>\nx\n</output>\nMOCK_REPLY: {"score": 42}')).toEqual({ score: 42 });
    // Not a judge: no sections, or a schema without a bounded score.
    expect(await judge('grade')).toEqual({ reasoning: 'mock', score: 0 });
    const anthropic = JSON.parse((await call(server, '/messages', {
      model: 'c', max_tokens: 50, messages: [{ role: 'user', content: '<output>\nRome\n</output>\n<expected>\nParis\n</expected>' }],
      output_format: { type: 'json_schema', schema },
    })).text);
    expect(JSON.parse(anthropic.content[0].text)).toEqual({ score: 0, reasoning: '0 of 1 words of the output appear in the reference.' });
  });
});
