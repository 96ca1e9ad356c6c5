import OpenAI from 'openai';
import type { TokenUsage } from '@crucible/contracts';
import { costOf, priceOf } from '../assets/model-prices';
import { sdkState } from '../init/sdk-state';
import { recordUsage, withSpan } from '../tracing/tracer';

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  stop?: string | string[];
}

export interface ChatResult {
  content: string;
  model: string;
  finish_reason: string | null;
  tokens: TokenUsage;
  /** USD, from the price table; 0 for a model without a price. */
  cost: number;
}

export interface EmbedRequest {
  model: string;
  input: string | string[];
}

export interface EmbedResult {
  embeddings: number[][];
  model: string;
  tokens: TokenUsage;
  cost: number;
}

const clients = new Map<string, OpenAI>();

/** One client per settings; settings are read at call time so init() or env changes apply immediately. */
function client(): OpenAI {
  const settings = sdkState().llm;
  const baseURL = settings.baseUrl ?? process.env.OPENAI_BASE_URL ?? undefined;
  const apiKey = settings.apiKey ?? process.env.OPENAI_API_KEY ?? (baseURL ? 'not-needed' : undefined);
  if (!apiKey) throw new Error('No OpenAI API key: set OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible gateway) or init({ openaiApiKey })');
  const key = JSON.stringify([baseURL, apiKey, settings.maxRetries, settings.timeoutMs]);
  let existing = clients.get(key);
  if (!existing) {
    existing = new OpenAI({ baseURL, apiKey, maxRetries: settings.maxRetries, timeout: settings.timeoutMs });
    clients.set(key, existing);
  }
  return existing;
}

function priced(requested: string, answered: string | undefined, prompt: number, completion: number): number {
  const model = priceOf(requested) || !answered ? requested : answered;
  return costOf(model, { prompt, completion });
}

async function chat(request: ChatRequest): Promise<ChatResult> {
  return withSpan(
    'llm.chat',
    request,
    async () => {
      const response = await client().chat.completions.create({
        model: request.model,
        messages: request.messages,
        temperature: request.temperature,
        max_tokens: request.max_tokens,
        top_p: request.top_p,
        stop: request.stop,
      });
      const choice = response.choices[0];
      const prompt = response.usage?.prompt_tokens ?? 0;
      const completion = response.usage?.completion_tokens ?? 0;
      const tokens = { prompt, completion, total: response.usage?.total_tokens ?? prompt + completion };
      const cost = priced(request.model, response.model, prompt, completion);
      recordUsage({ model: request.model, tokens, cost });
      return {
        content: choice?.message?.content ?? '',
        model: response.model || request.model,
        finish_reason: choice?.finish_reason ?? null,
        tokens,
        cost,
      };
    },
    { kind: 'llm' },
  );
}

async function embed(request: EmbedRequest): Promise<EmbedResult> {
  const result = await withSpan(
    'llm.embed',
    request,
    async () => {
      const response = await client().embeddings.create({ model: request.model, input: request.input });
      const prompt = response.usage?.prompt_tokens ?? 0;
      const tokens = { prompt, completion: 0, total: response.usage?.total_tokens ?? prompt };
      const cost = priced(request.model, response.model, prompt, 0);
      recordUsage({ model: request.model, tokens, cost });
      const embeddings = [...response.data].sort((a, b) => a.index - b.index).map((item) => Array.from(item.embedding));
      // Vectors are bulky and rarely useful in a trace: the span shows their shape instead.
      return { embeddings, model: response.model || request.model, tokens, cost, toJSON: () => ({ count: embeddings.length, dimensions: embeddings[0]?.length ?? 0, tokens, cost }) };
    },
    { kind: 'embedding' },
  );
  const { embeddings, model, tokens, cost } = result;
  return { embeddings, model, tokens, cost };
}

/** LLM calls through the openai package, each traced as a span with model, tokens and cost. */
export const llm = { chat, embed };
