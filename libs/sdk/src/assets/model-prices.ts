export interface ModelPrice {
  /** USD per 1M prompt (input) tokens. */
  prompt: number;
  /** USD per 1M completion (output) tokens. */
  completion: number;
}

/** Providers' public list prices (USD per 1M tokens, 2025). Override entries for negotiated rates. */
export const modelPrices: Record<string, ModelPrice> = {
  'gpt-4o': { prompt: 2.5, completion: 10 },
  'gpt-4o-mini': { prompt: 0.15, completion: 0.6 },
  'gpt-4.1': { prompt: 2, completion: 8 },
  'gpt-4.1-mini': { prompt: 0.4, completion: 1.6 },
  'gpt-4.1-nano': { prompt: 0.1, completion: 0.4 },
  o1: { prompt: 15, completion: 60 },
  'o3-mini': { prompt: 1.1, completion: 4.4 },
  'gpt-4-turbo': { prompt: 10, completion: 30 },
  'gpt-3.5-turbo': { prompt: 0.5, completion: 1.5 },
  'claude-3-5-sonnet-latest': { prompt: 3, completion: 15 },
  'claude-3-7-sonnet-latest': { prompt: 3, completion: 15 },
  'claude-3-5-haiku-latest': { prompt: 0.8, completion: 4 },
  'claude-3-opus-latest': { prompt: 15, completion: 75 },
  'claude-sonnet-4-0': { prompt: 3, completion: 15 },
  'claude-opus-4-0': { prompt: 15, completion: 75 },
  'mistral-large-latest': { prompt: 2, completion: 6 },
  'mistral-small-latest': { prompt: 0.1, completion: 0.3 },
  'codestral-latest': { prompt: 0.3, completion: 0.9 },
  'open-mistral-nemo': { prompt: 0.15, completion: 0.15 },
  'gemini-2.5-pro': { prompt: 1.25, completion: 10 },
  'gemini-2.5-flash': { prompt: 0.3, completion: 2.5 },
  'gemini-2.0-flash': { prompt: 0.1, completion: 0.4 },
  'gemini-1.5-pro': { prompt: 1.25, completion: 5 },
  'gemini-1.5-flash': { prompt: 0.075, completion: 0.3 },
  'llama-3.3-70b-versatile': { prompt: 0.59, completion: 0.79 },
  'llama-3.1-8b-instant': { prompt: 0.05, completion: 0.08 },
  'mixtral-8x7b-32768': { prompt: 0.24, completion: 0.24 },
  'gemma2-9b-it': { prompt: 0.2, completion: 0.2 },
  'command-r-plus': { prompt: 2.5, completion: 10 },
  'command-r': { prompt: 0.15, completion: 0.6 },
  'deepseek-chat': { prompt: 0.27, completion: 1.1 },
  'deepseek-reasoner': { prompt: 0.55, completion: 2.19 },
  'text-embedding-3-small': { prompt: 0.02, completion: 0 },
  'text-embedding-3-large': { prompt: 0.13, completion: 0 },
  'text-embedding-ada-002': { prompt: 0.1, completion: 0 },
};

export interface TokenCount {
  prompt: number;
  completion?: number;
}

/** Price lookup tolerates a gateway-style "provider/model" id; an unknown model has no price. */
export function priceOf(model: string): ModelPrice | undefined {
  if (Object.prototype.hasOwnProperty.call(modelPrices, model)) return modelPrices[model];
  const slash = model.lastIndexOf('/');
  return slash >= 0 ? priceOf(model.slice(slash + 1)) : undefined;
}

/** USD cost of one call; 0 for a model without a price. */
export function costOf(model: string, tokens: TokenCount): number {
  const price = priceOf(model);
  if (!price) return 0;
  return (tokens.prompt * price.prompt + (tokens.completion ?? 0) * price.completion) / 1_000_000;
}
