import { type BuiltinKind, type PromptParameters, BUILTIN_URIS } from './prompt-template';
import { inputKeysOf } from './render-prompt';

export interface AppTemplate {
  key: BuiltinKind;
  name: string;
  description: string;
  uri: string;
}

export const APP_TEMPLATES: readonly AppTemplate[] = [
  { key: 'completion', name: 'Completion', description: 'One prompt with variables in, one answer out: classify, extract, summarise, rewrite.', uri: BUILTIN_URIS.completion },
  { key: 'chat', name: 'Chat', description: 'A conversation: a system prompt and the messages so far in, the assistant\'s next reply out.', uri: BUILTIN_URIS.chat },
];

/** The model a template starts with when the project has no connection yet: the first a newcomer usually adds. */
export const FALLBACK_TEMPLATE_MODEL = 'openai/gpt-4o-mini';

/** A template's revision 1: a system message, and for completion a user message `{{input}}` (chat: the conversation). */
export function templateParameters(kind: BuiltinKind, model: string): PromptParameters {
  const messages = kind === 'chat'
    ? [{ role: 'system' as const, content: 'You are a helpful assistant.' }]
    : [{ role: 'system' as const, content: 'You are a helpful assistant.' }, { role: 'user' as const, content: '{{input}}' }];
  return {
    prompt: {
      messages, template_format: 'curly', input_keys: inputKeysOf({ messages, template_format: 'curly' }),
      llm_config: { model, temperature: 0.2, max_tokens: 1024, top_p: 1, frequency_penalty: 0, presence_penalty: 0, response_format: { type: 'text' }, tools: [] },
    },
  };
}
