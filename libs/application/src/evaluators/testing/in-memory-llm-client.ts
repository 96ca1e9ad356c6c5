import { ChatCompletion, ChatRequest, EmbeddingRequest, LlmClient } from '../ports/llm-client.port';

const MOCK_REPLY_LINE = /^[ \t]*MOCK_REPLY:[ \t]?(.*)$/m;
const DIMENSIONS = 64;

/**
 * Behaves like tools/mock-llm without a socket: the reply is the first `MOCK_REPLY: <text>` line of the last user
 * message, else `Echo: <message>`; embeddings are bag-of-words vectors, so texts sharing words point the same way.
 * Unlike the mock server, a text without words embeds to the zero vector, the degenerate case evaluators must survive.
 */
export class InMemoryLlmClient extends LlmClient {
  readonly chatRequests: ChatRequest[] = [];
  readonly embedRequests: EmbeddingRequest[] = [];
  private outage: string | null = null;

  /** Every later call rejects with this message, as a provider that is down would. */
  simulateOutage(message: string): void {
    this.outage = message;
  }

  async chat(request: ChatRequest): Promise<ChatCompletion> {
    this.chatRequests.push(request);
    this.failIfDown();
    const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    const scripted = MOCK_REPLY_LINE.exec(lastUser);
    const content = scripted ? scripted[1].trimEnd() : `Echo: ${lastUser.trim()}`;
    const prompt = request.messages.reduce((sum, message) => sum + countWords(message.content), 0);
    const completion = countWords(content);
    return { content, model: request.model, tokens: { prompt, completion, total: prompt + completion } };
  }

  async embed(request: EmbeddingRequest): Promise<number[][]> {
    this.embedRequests.push(request);
    this.failIfDown();
    return request.input.map(bagOfWords);
  }

  private failIfDown(): void {
    if (this.outage !== null) throw new Error(this.outage);
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
