/**
 * Chat models the playground offers, grouped by provider (use as `MCField({ choices: supportedLlmModels })`).
 * Ids are the providers' own model ids, so they pass straight to an OpenAI-compatible gateway.
 */
export const supportedLlmModels: Readonly<Record<string, readonly string[]>> = {
  OpenAI: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o1', 'o3-mini', 'gpt-4-turbo', 'gpt-3.5-turbo'],
  Anthropic: [
    'claude-3-5-sonnet-latest',
    'claude-3-7-sonnet-latest',
    'claude-3-5-haiku-latest',
    'claude-3-opus-latest',
    'claude-sonnet-4-0',
    'claude-opus-4-0',
  ],
  Mistral: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'open-mistral-nemo'],
  Gemini: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-1.5-pro', 'gemini-1.5-flash'],
  Groq: ['llama-3.3-70b-versatile', 'llama-3.1-8b-instant', 'mixtral-8x7b-32768', 'gemma2-9b-it'],
  Cohere: ['command-r-plus', 'command-r'],
  DeepSeek: ['deepseek-chat', 'deepseek-reasoner'],
};

/** Embedding models, a flat list. */
export const supportedEmbeddingModels: readonly string[] = [
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
];
