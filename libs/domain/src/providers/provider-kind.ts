/** The kinds of LLM provider a project can connect (ARCHITECTURE §15). */
export const PROVIDER_KINDS = [
  'openai', 'anthropic', 'azure_openai', 'gemini', 'mistral', 'groq', 'openrouter', 'together_ai', 'ollama', 'openai_compatible',
] as const;

export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const isProviderKind = (value: string): value is ProviderKind => (PROVIDER_KINDS as readonly string[]).includes(value);

/** The read-only connection built from OPENAI_API_KEY / OPENAI_BASE_URL; existing judge configs fall back to it. */
export const ENVIRONMENT_CONNECTION_ID = 'environment';
