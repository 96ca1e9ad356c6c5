import { IncomingMessage } from 'node:http';
import { countWords, embed, MockChatMessage, messageText, toBase64Float32 } from './mock-replies';
import { type Billing, type MockTurn, mockTurn, type Sampler, type TurnMessage } from './mock-turn';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A client mistake: answered 400 in OpenAI's error shape. */
export class BadRequest extends Error {}

export function chatCompletion(body: Record<string, unknown>, counter: number, bill: Billing = () => undefined, sampler?: Sampler) {
  const { model, turn } = openAiTurn(body, sampler);
  bill(turn.usage);
  const toolCalls = turn.toolCall ? [openAiToolCall(turn.toolCall, counter)] : undefined;
  return {
    id: `chatcmpl-mock-${counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{
      index: 0,
      message: { role: 'assistant', content: toolCalls ? null : turn.text, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
      logprobs: null,
      finish_reason: toolCalls ? 'tool_calls' : 'stop',
    }],
    usage: openAiUsage(turn),
    system_fingerprint: 'fp_mock',
  };
}

/** The SSE data events of a streamed chat completion: a role chunk, the text a word at a time, the finish, the usage. */
export function chatCompletionChunks(body: Record<string, unknown>, counter: number, bill: Billing = () => undefined, sampler?: Sampler): unknown[] {
  const { model, turn } = openAiTurn(body, sampler);
  bill(turn.usage);
  const base = { id: `chatcmpl-mock-${counter}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, system_fingerprint: 'fp_mock' };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '' })];
  if (turn.toolCall) {
    const call = openAiToolCall(turn.toolCall, counter);
    chunks.push(chunk({ tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] }));
  } else {
    for (const piece of turn.text.match(/\S+\s*|\s+/g) ?? []) chunks.push(chunk({ content: piece }));
  }
  chunks.push(chunk({}, turn.toolCall ? 'tool_calls' : 'stop'));
  const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  if (includeUsage) chunks.push({ ...base, choices: [], usage: openAiUsage(turn) });
  return chunks;
}

function openAiTurn(body: Record<string, unknown>, sampler?: Sampler): { model: string; turn: MockTurn } {
  const model = requireString(body, 'model');
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) throw new BadRequest("'messages' must be a non-empty array");
  const tools = Array.isArray(body.tools)
    ? body.tools.map((tool: { function?: { name?: unknown; parameters?: Record<string, unknown> } }) => ({ name: String(tool?.function?.name ?? ''), schema: tool?.function?.parameters }))
    : [];
  const choice = body.tool_choice as string | { function?: { name?: string } } | undefined;
  const format = body.response_format as { type?: string; json_schema?: { schema?: Record<string, unknown> } } | undefined;
  const turn = mockTurn({
    messages: messages.filter(isMessage).map((message) => ({ role: roleOf(message.role), text: messageText(message.content) })),
    tools,
    toolChoice: typeof choice === 'string' ? (choice === 'none' ? 'none' : undefined) : choice?.function?.name,
    jsonSchema: format?.type === 'json_schema' ? (format.json_schema?.schema ?? {}) : undefined,
    temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
  }, sampler);
  return { model, turn };
}

function openAiToolCall(call: NonNullable<MockTurn['toolCall']>, counter: number) {
  return { id: `call_mock_${counter}`, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } };
}

function openAiUsage(turn: MockTurn) {
  const usage = { prompt_tokens: turn.usage.input, completion_tokens: turn.usage.output, total_tokens: turn.usage.input + turn.usage.output };
  return turn.usage.cachedInput > 0 ? { ...usage, prompt_tokens_details: { cached_tokens: turn.usage.cachedInput } } : usage;
}

const roleOf = (role: string): TurnMessage['role'] => (role === 'system' || role === 'developer' ? 'system' : role === 'assistant' || role === 'tool' ? role : 'user');

export function embeddings(body: Record<string, unknown>) {
  const model = requireString(body, 'model');
  const input = body.input;
  const texts = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((text) => typeof text === 'string')) {
    throw new BadRequest("'input' must be a string or a non-empty array of strings");
  }
  const base64 = body.encoding_format === 'base64';
  const promptTokens = Math.max(1, texts.reduce((sum: number, text: string) => sum + countWords(text), 0));
  return {
    object: 'list',
    data: texts.map((text: string, index) => {
      const vector = embed(text);
      return { object: 'embedding', index, embedding: base64 ? toBase64Float32(vector) : vector };
    }),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}

export function isMessage(value: unknown): value is MockChatMessage {
  return typeof value === 'object' && value !== null && typeof (value as { role?: unknown }).role === 'string';
}

export function requireString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length === 0) throw new BadRequest(`'${key}' is required and must be a string`);
  return value;
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('Request body too large');
    chunks.push(chunk as Buffer);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest('Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
