import type { Variant } from '@crucible/client';

// The PromptTemplate parameters of a built-in variant (ARCHITECTURE §16, Agenta's shape), as the console edits them.
export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';
export const MESSAGE_ROLES: MessageRole[] = ['system', 'user', 'assistant', 'tool'];
export type TemplateFormat = 'curly' | 'fstring' | 'jinja2';
export const TEMPLATE_FORMATS: TemplateFormat[] = ['curly', 'fstring', 'jinja2'];
export type ResponseFormatType = 'text' | 'json_object' | 'json_schema';

export interface PromptMessage { role: MessageRole; content: string }
export interface ToolDefinition { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }
export interface LlmConfig {
  model: string;
  connection_id?: string;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string[];
  response_format?: { type: ResponseFormatType; json_schema?: unknown };
  tools?: ToolDefinition[];
  tool_choice?: unknown;
}
export interface PromptTemplate {
  messages: PromptMessage[];
  template_format: TemplateFormat;
  input_keys?: string[];
  llm_config: LlmConfig;
}
export interface PromptParameters { prompt: PromptTemplate; [other: string]: unknown }

export type BuiltinKind = 'completion' | 'chat';
const BUILTIN_URI = /^crucible:builtin:(completion|chat):/;

/** `completion` or `chat` for a variant made from a template, null for a service of the user's. */
export function builtinKind(variant: Pick<Variant, 'uri'>): BuiltinKind | null {
  const match = variant.uri ? BUILTIN_URI.exec(variant.uri) : null;
  return match ? (match[1] as BuiltinKind) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A revision's stored parameters as an editable prompt; anything missing takes the template's shape. */
export function readPromptParameters(parameters: Record<string, unknown> | undefined): PromptParameters {
  const prompt = isRecord(parameters?.['prompt']) ? parameters['prompt'] : {};
  const llm = isRecord(prompt['llm_config']) ? prompt['llm_config'] : {};
  const messages = Array.isArray(prompt['messages']) ? prompt['messages'].filter(isRecord).map((message) => ({
    role: MESSAGE_ROLES.includes(message['role'] as MessageRole) ? (message['role'] as MessageRole) : 'user',
    content: typeof message['content'] === 'string' ? message['content'] : JSON.stringify(message['content'] ?? ''),
  })) : [];
  const format = TEMPLATE_FORMATS.includes(prompt['template_format'] as TemplateFormat) ? (prompt['template_format'] as TemplateFormat) : 'curly';
  return {
    ...parameters,
    prompt: { ...prompt, messages, template_format: format, llm_config: { ...llm, model: typeof llm['model'] === 'string' ? llm['model'] : '' } },
  };
}

/**
 * The models the project can run, grouped by connection or provider, as a built-in variant's schema offers them
 * (`llm_config.model` choices): it includes the models an OpenAI-compatible server lists, which GET /models does not.
 */
export function servedModelChoices(configSchema: unknown): Record<string, string[]> {
  let node: unknown = configSchema;
  for (const key of ['properties', 'prompt', 'properties', 'llm_config', 'properties', 'model', 'choices']) node = isRecord(node) ? node[key] : undefined;
  if (!isRecord(node)) return {};
  return Object.fromEntries(Object.entries(node).flatMap(([group, ids]) => (Array.isArray(ids) ? [[group, ids.filter((id): id is string => typeof id === 'string')]] : [])));
}
