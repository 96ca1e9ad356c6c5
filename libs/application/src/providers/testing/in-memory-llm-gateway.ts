import type { CallUsage } from '@crucible/domain';
import { mockJudgeVerdict } from '../../testing/mock-judge-verdict';
import {
  type EmbedRequest, type EmbedResult, LlmGateway, LlmProviderError, type LlmMessage, type LlmRequest, type LlmResult, type LlmStreamEvent,
  type ModelPricing,
} from '../ports';

const MOCK_REPLY_LINE = /^[ \t]*MOCK_REPLY:[ \t]?(.*)$/m;
const DIMENSIONS = 64;

/**
 * Behaves like tools/mock-llm without a socket: the reply is the first `MOCK_REPLY: <text>` line of the last user
 * message, else a judge's verdict (mockJudgeVerdict) when JSON fitting a judge's schema is asked for, else
 * `Echo: <message>`; a token is a word; embeddings are bag-of-words vectors, so texts sharing words
 * point the same way. Unlike the mock server, a text without words embeds to the zero vector, the degenerate case
 * evaluators must survive. Costs come from `pricing` when one is given.
 */
export class InMemoryLlmGateway extends LlmGateway {
  readonly requests: LlmRequest[] = [];
  readonly embedRequests: EmbedRequest[] = [];
  private outage: Error | null = null;
  private outageCalls = Infinity;

  constructor(private readonly pricing?: ModelPricing) {
    super();
  }

  /** The next `calls` calls (default: every later one) reject with this: a message, or the error a provider raises. */
  simulateOutage(failure: string | Error, calls = Infinity): void {
    this.outage = typeof failure === 'string' ? new Error(failure) : failure;
    this.outageCalls = calls;
  }

  async generate(request: LlmRequest): Promise<LlmResult> {
    this.requests.push(request);
    this.failIfDown();
    const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    const scripted = MOCK_REPLY_LINE.exec(lastUser);
    const format = request.responseFormat;
    const judged = format?.type === 'json_schema' && !scripted ? mockJudgeVerdict(lastUser, format.schema) : undefined;
    const text = judged ? JSON.stringify(judged) : scripted ? scripted[1].trimEnd() : `Echo: ${lastUser.trim()}`;
    const usage = { input: request.messages.reduce((sum, message: LlmMessage) => sum + countWords(message.content), 0), output: countWords(text) };
    const json = format ? { json: parsedJson(text) } : {};
    return { text, toolCalls: [], ...json, finishReason: 'stop', model: request.model, usage, cost: await this.costOf(request, usage), latencyMs: 0 };
  }

  async *stream(request: LlmRequest): AsyncIterable<LlmStreamEvent> {
    const result = await this.generate(request);
    for (const delta of result.text.match(/\S+\s*/g) ?? []) yield { type: 'text', delta };
    yield { type: 'finish', ...result, timeToFirstTokenMs: 0 };
  }

  async embed(request: EmbedRequest): Promise<EmbedResult> {
    this.embedRequests.push(request);
    this.failIfDown();
    const usage = { input: request.input.reduce((sum, text) => sum + countWords(text), 0), output: 0 };
    return { vectors: request.input.map(bagOfWords), model: request.model, usage, cost: await this.costOf(request, usage), latencyMs: 0 };
  }

  private async costOf(request: { projectId: string; model: string }, usage: CallUsage): Promise<number | null> {
    return this.pricing ? this.pricing.costOf(request.projectId, { model: request.model, usage }) : null;
  }

  private failIfDown(): void {
    if (this.outage === null || this.outageCalls <= 0) return;
    this.outageCalls -= 1;
    throw this.outage;
  }
}

/** Like the real gateway, an answer that is no JSON at all fails the call; JSON off the schema is returned as it is. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmProviderError(null, `the answer is not JSON fitting the schema: ${text.slice(0, 200)}`);
  }
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const countWords = (text: string): number => words(text).length;

function bagOfWords(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of words(text)) vector[fnv1a(word) % DIMENSIONS] += 1;
  return vector;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
