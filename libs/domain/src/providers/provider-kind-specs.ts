import type { ProviderKind } from './provider-kind';

export type ConnectionFieldName = 'api_key' | 'base_url' | 'api_version' | 'headers';

export interface ConnectionField {
  name: ConnectionFieldName;
  required: boolean;
  /** Stored encrypted and never shown again (only a hint of the key). */
  secret: boolean;
}

export interface ProviderKindSpec {
  kind: ProviderKind;
  name: string;
  fields: ConnectionField[];
  /** null when the connection must say where its server is. */
  defaultBaseUrl: string | null;
}

const apiKey = (required: boolean): ConnectionField => ({ name: 'api_key', required, secret: true });
const baseUrl = (required: boolean): ConnectionField => ({ name: 'base_url', required, secret: false });
// Extra headers often carry a credential of a self-hosted gateway: kept with the key, sealed.
const headers: ConnectionField = { name: 'headers', required: false, secret: true };

const hosted = (kind: ProviderKind, name: string, defaultBaseUrl: string): ProviderKindSpec => ({
  kind, name, defaultBaseUrl, fields: [apiKey(true), baseUrl(false)],
});

/** The kinds a project can connect, with what each needs (ARCHITECTURE §15, GET /providers). */
export const PROVIDER_KIND_SPECS: Record<ProviderKind, ProviderKindSpec> = {
  openai: hosted('openai', 'OpenAI', 'https://api.openai.com/v1'),
  anthropic: hosted('anthropic', 'Anthropic', 'https://api.anthropic.com/v1'),
  azure_openai: {
    kind: 'azure_openai', name: 'Azure OpenAI', defaultBaseUrl: null,
    fields: [apiKey(true), baseUrl(true), { name: 'api_version', required: false, secret: false }],
  },
  gemini: hosted('gemini', 'Google Gemini', 'https://generativelanguage.googleapis.com/v1beta'),
  mistral: hosted('mistral', 'Mistral', 'https://api.mistral.ai/v1'),
  groq: hosted('groq', 'Groq', 'https://api.groq.com/openai/v1'),
  openrouter: hosted('openrouter', 'OpenRouter', 'https://openrouter.ai/api/v1'),
  together_ai: hosted('together_ai', 'Together AI', 'https://api.together.xyz/v1'),
  ollama: { kind: 'ollama', name: 'Ollama', defaultBaseUrl: 'http://localhost:11434/v1', fields: [baseUrl(false), apiKey(false), headers] },
  openai_compatible: { kind: 'openai_compatible', name: 'OpenAI-compatible server', defaultBaseUrl: null, fields: [baseUrl(true), apiKey(false), headers] },
};

/** A connection of these kinds serves whatever models its server lists (read at create and by /test). */
export const kindListsItsOwnModels = (kind: ProviderKind): boolean => kind === 'ollama' || kind === 'openai_compatible';

/** What a listed connection shows of its key: never more than its last 4 characters. */
export const apiKeyHint = (apiKey: string): string => `…${apiKey.slice(-4)}`;
