import type OpenAI from 'openai';
import { ChatCompletion, ChatRequest, EmbeddingRequest, LlmClient } from '@crucible/application';

export interface OpenAiLlmClientOptions {
  /** OpenAI-compatible base URL ending in /v1; defaults to OPENAI_BASE_URL, else OpenAI itself. */
  baseURL?: string;
  /** Defaults to OPENAI_API_KEY, else 'not-needed' for local servers that ignore it. */
  apiKey?: string;
  timeoutMs?: number;
  /** Retries of the openai package on connection errors, 408, 409, 429 and 5xx. */
  maxRetries?: number;
}

export class OpenAiLlmClient extends LlmClient {
  private readonly settings: ConstructorParameters<typeof OpenAI>[0];
  private client?: Promise<OpenAI>;

  constructor(options: OpenAiLlmClientOptions = {}) {
    super();
    this.settings = {
      baseURL: options.baseURL ?? (process.env['OPENAI_BASE_URL'] || undefined),
      apiKey: options.apiKey ?? (process.env['OPENAI_API_KEY'] || 'not-needed'),
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
    };
  }

  /** The openai package is loaded on the first call: only LLM-backed evaluators need it. */
  private openai(): Promise<OpenAI> {
    this.client ??= import('openai').then(({ default: OpenAI }) => new OpenAI(this.settings));
    return this.client;
  }

  async chat(request: ChatRequest): Promise<ChatCompletion> {
    const response = await (await this.openai()).chat.completions.create({
      model: request.model,
      messages: request.messages,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    });
    const usage = response.usage;
    return {
      content: response.choices[0]?.message?.content ?? '',
      model: response.model,
      tokens: { prompt: usage?.prompt_tokens ?? 0, completion: usage?.completion_tokens ?? 0, total: usage?.total_tokens ?? 0 },
    };
  }

  async embed(request: EmbeddingRequest): Promise<number[][]> {
    if (request.input.length === 0) return [];
    const response = await (await this.openai()).embeddings.create({ model: request.model, input: request.input });
    // Providers may answer out of order; `index` is authoritative.
    return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
  }
}
