/** Pure, deterministic answer logic of the mock LLM; the HTTP layer only wraps it. */

export interface MockChatMessage {
  role: string;
  content?: unknown;
}

const MOCK_REPLY_LINE = /^[ \t]*MOCK_REPLY:[ \t]?(.*)$/m;

/** OpenAI message content is a string or an array of parts; only text parts count. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isTextPart(part) ? part.text : ''))
      .filter((text) => text.length > 0)
      .join('\n');
  }
  return '';
}

function isTextPart(part: unknown): part is { text: string } {
  return typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string';
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** `MOCK_REPLY: <text>` in the last user message wins; otherwise the message is echoed. */
export function replyFor(messages: readonly MockChatMessage[]): string {
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const text = lastUser ? messageText(lastUser.content) : '';
  const scripted = MOCK_REPLY_LINE.exec(text);
  if (scripted) return scripted[1].replace(/\s+$/, '');
  return `Echo: ${text.trim()}`;
}

export const EMBEDDING_DIMENSIONS = 64;

/** FNV-1a: tiny, stable across runs and platforms. */
export function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Bag-of-words hashing: each word adds 1 to one of 64 buckets, then the vector is L2-normalised.
 * Counts are never negative, so cosine similarity stays within 0..1 (handy for evaluator thresholds).
 * A text without words maps to a fixed unit vector so it still compares equal to itself.
 */
export function embed(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const word of words(text)) vector[fnv1a(word) % EMBEDDING_DIMENSIONS] += 1;
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** OpenAI's `encoding_format: 'base64'`: little-endian float32 bytes. The openai package asks for it by default. */
export function toBase64Float32(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

/** mulberry32: a seeded PRNG so failure sequences repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
