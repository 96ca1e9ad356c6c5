import type { EmbeddingModel, LanguageModel } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { DomainError, type ProviderKind } from '@crucible/domain';
import type { ConnectionCredentials } from '@crucible/application';

type FetchFunction = typeof globalThis.fetch;

/** Kinds that speak OpenAI's chat completions at a base URL of their own. */
const COMPATIBLE_BASE_URLS: Partial<Record<ProviderKind, string>> = {
  groq: 'https://api.groq.com/openai/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  together_ai: 'https://api.together.xyz/v1',
  ollama: 'http://localhost:11434/v1',
};

/** Kinds served by the AI SDK's openai-compatible provider below (not OpenAI's own, whose chat model differs). */
const OPENAI_COMPATIBLE_KINDS: ReadonlySet<ProviderKind> = new Set(['groq', 'openrouter', 'together_ai', 'ollama', 'openai_compatible']);

/** A connection's chat completions endpoint when it speaks OpenAI-compatible chat completions, as that provider calls it. */
export function chatCompletionsUrl(connection: ConnectionCredentials): string | null {
  if (!OPENAI_COMPATIBLE_KINDS.has(connection.kind)) return null;
  const base = connection.baseUrl ?? COMPATIBLE_BASE_URLS[connection.kind];
  return base ? new URL(`${base.replace(/\/$/, '')}/chat/completions`).toString() : null;
}

interface ProviderModels {
  language(model: string): LanguageModel;
  embedding(model: string): EmbeddingModel;
}

/** The AI SDK provider for a connection; every request it makes goes through `fetch` (the outbound guard). */
export function providerModels(connection: ConnectionCredentials, fetch: FetchFunction): ProviderModels {
  const common = { apiKey: connection.apiKey, headers: connection.headers, fetch, ...(connection.baseUrl ? { baseURL: connection.baseUrl } : {}) };
  switch (connection.kind) {
    case 'openai': {
      // .chat: OpenAI-compatible servers (and the OPENAI_BASE_URL fallback) speak chat completions, not the Responses API.
      const provider = createOpenAI(common);
      return { language: (model) => provider.chat(model), embedding: (model) => provider.embeddingModel(model) };
    }
    case 'azure_openai': {
      const provider = createAzure({ ...common, apiVersion: connection.apiVersion, useDeploymentBasedUrls: true });
      return { language: (model) => provider.chat(model), embedding: (model) => provider.embeddingModel(model) };
    }
    case 'anthropic': {
      const provider = createAnthropic(common);
      return {
        language: (model) => provider.languageModel(model),
        embedding: () => {
          throw DomainError.invalidInput([{ field: ['model'], reason: 'anthropic offers no embedding models; use a connection that does', rule: 'invalid_value' }]);
        },
      };
    }
    case 'gemini': {
      const provider = createGoogleGenerativeAI(common);
      return { language: (model) => provider.languageModel(model), embedding: (model) => provider.embeddingModel(model) };
    }
    case 'mistral': {
      const provider = createMistral(common);
      return { language: (model) => provider.languageModel(model), embedding: (model) => provider.embeddingModel(model) };
    }
    default: {
      const provider = createOpenAICompatible({
        ...common, name: connection.kind, baseURL: connection.baseUrl ?? COMPATIBLE_BASE_URLS[connection.kind] ?? '',
        includeUsage: true, supportsStructuredOutputs: true,
      });
      return { language: (model) => provider.chatModel(model), embedding: (model) => provider.embeddingModel(model) };
    }
  }
}
