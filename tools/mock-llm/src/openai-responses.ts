import { IncomingMessage } from 'node:http';
import { chatUsage, countWords, embed, MockChatMessage, replyFor, toBase64Float32 } from './mock-replies';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A client mistake: answered 400 in OpenAI's error shape. */
export class BadRequest extends Error {}

export function chatCompletion(body: Record<string, unknown>, counter: number) {
  const model = requireString(body, 'model');
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) throw new BadRequest("'messages' must be a non-empty array");
  if (body.stream === true) throw new BadRequest('stream=true is not supported by the mock LLM');
  const chatMessages = messages.filter(isMessage);
  const reply = replyFor(chatMessages);
  return {
    id: `chatcmpl-mock-${counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: chatUsage(chatMessages, reply),
    system_fingerprint: 'fp_mock',
  };
}

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

function isMessage(value: unknown): value is MockChatMessage {
  return typeof value === 'object' && value !== null && typeof (value as { role?: unknown }).role === 'string';
}

function requireString(body: Record<string, unknown>, key: string): string {
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
