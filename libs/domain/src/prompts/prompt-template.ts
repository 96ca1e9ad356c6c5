/** Agenta's PromptTemplate (ARCHITECTURE §16): the parameters of a built-in variant, so Agenta prompt configs carry over. */
export type PromptRole = 'system' | 'user' | 'assistant' | 'tool';
export type TemplateFormat = 'curly' | 'fstring' | 'jinja2';
export const TEMPLATE_FORMATS: readonly TemplateFormat[] = ['curly', 'fstring', 'jinja2'];

export interface PromptMessage {
  role: PromptRole;
  content: string;
  /** For a `tool` message: the call it answers. */
  tool_call_id?: string;
  name?: string;
}

export interface PromptTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name?: string; schema: Record<string, unknown>; strict?: boolean } };

export type PromptToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface LlmConfig {
  /** A catalog id (`openai/gpt-4o-mini`), a custom model's id, or `<connection name>/<model>`. */
  model: string;
  connection_id?: string | null;
  temperature?: number | null;
  max_tokens?: number | null;
  top_p?: number | null;
  frequency_penalty?: number | null;
  presence_penalty?: number | null;
  stop?: string[] | null;
  response_format?: ResponseFormat | null;
  tools?: PromptTool[] | null;
  tool_choice?: PromptToolChoice | null;
}

export interface PromptTemplate {
  messages: PromptMessage[];
  template_format: TemplateFormat;
  /** The variables the messages use, derived from them. */
  input_keys: string[];
  llm_config: LlmConfig;
}

export type PromptParameters = { prompt: PromptTemplate };

/** The built-in workflows: a variant whose base `uri` is one of these runs inside Crucible, no service needed. */
export type BuiltinKind = 'completion' | 'chat';
export const BUILTIN_URI_PREFIX = 'crucible:builtin:';
export const BUILTIN_URIS: Record<BuiltinKind, string> = {
  completion: 'crucible:builtin:completion:v1',
  chat: 'crucible:builtin:chat:v1',
};

export const isBuiltinUri = (uri: string): boolean => uri.startsWith(BUILTIN_URI_PREFIX);

/** The kind a built-in uri names, or null for an unknown one. */
export function builtinKindOf(uri: string): BuiltinKind | null {
  const found = (Object.entries(BUILTIN_URIS) as Array<[BuiltinKind, string]>).find(([, known]) => known === uri);
  return found ? found[0] : null;
}

/** The input a chat app takes besides its variables: the conversation so far. */
export const CONVERSATION_INPUT = 'messages';
