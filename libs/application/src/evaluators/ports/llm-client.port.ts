export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
}

export interface ChatCompletion {
  content: string;
  tokens: TokenUsage;
  /** The model that answered, as the provider reports it. */
  model: string;
}

export interface EmbeddingRequest {
  model: string;
  input: string[];
}

/** An OpenAI-compatible chat and embedding provider, used by LLM-backed evaluators. */
export abstract class LlmClient {
  abstract chat(request: ChatRequest): Promise<ChatCompletion>;
  /** One vector per input string, in input order. */
  abstract embed(request: EmbeddingRequest): Promise<number[][]>;
}
