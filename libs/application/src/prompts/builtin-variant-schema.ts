import type { ConfigJsonSchema, ConfigProperty } from '@crucible/contracts';
import { type BuiltinKind, CONVERSATION_INPUT, TEMPLATE_FORMATS, type Parameters, inputKeysOf, templateParameters, FALLBACK_TEMPLATE_MODEL } from '@crucible/domain';
import type { ServiceRoute } from '../playground/ports';

interface PromptLike {
  messages?: Array<{ role: 'system' | 'user' | 'assistant' | 'tool'; content: string }>;
  template_format?: 'curly' | 'fstring' | 'jinja2';
  llm_config?: Record<string, unknown>;
}

const number = (title: string, value: unknown, fallback: number, minimum: number, maximum: number, integer = false): ConfigProperty => ({
  'x-parameter': integer ? 'int' : 'float', type: integer ? 'integer' : 'number', title, minimum, maximum,
  default: typeof value === 'number' ? value : fallback,
});

/**
 * A built-in variant's route in a service's shape (GET /variants/{id}/schema): inputs are the prompt's variables (and
 * a chat's `messages`), the config one `prompt` property drawn by `x-parameter` kinds `prompt`, `messages` and
 * `choice` (the model, grouped by provider), defaults from the variant's revision.
 */
export function builtinVariantRoute(kind: BuiltinKind, parameters: Parameters, models: Record<string, string[]>): ServiceRoute {
  const fallback = templateParameters(kind, FALLBACK_TEMPLATE_MODEL).prompt;
  const prompt = (typeof parameters['prompt'] === 'object' && parameters['prompt'] !== null ? parameters['prompt'] : {}) as PromptLike;
  const messages = Array.isArray(prompt.messages) ? prompt.messages : fallback.messages;
  const format = prompt.template_format ?? 'curly';
  const llm = prompt.llm_config ?? {};
  const model = typeof llm['model'] === 'string' ? llm['model'] : fallback.llm_config.model;
  let keys: string[];
  try {
    keys = inputKeysOf({ messages, template_format: format });
  } catch {
    keys = [];
  }
  const choices = Object.values(models).some((ids) => ids.includes(model)) ? models : { ...models, current: [model] };
  const configSchema: ConfigJsonSchema = {
    type: 'object', title: kind === 'chat' ? 'Chat' : 'Completion', additionalProperties: false,
    properties: {
      prompt: {
        'x-parameter': 'prompt', type: 'object', title: 'Prompt', default: { ...fallback, ...prompt, input_keys: keys },
        properties: {
          messages: { 'x-parameter': 'messages', type: 'array', title: 'Messages', default: messages },
          template_format: { 'x-parameter': 'choice', type: 'string', title: 'Template format', enum: [...TEMPLATE_FORMATS], default: format },
          llm_config: {
            type: 'object', title: 'Model settings',
            properties: {
              model: { 'x-parameter': 'choice', type: 'string', title: 'Model', default: model, enum: Object.values(choices).flat(), choices },
              temperature: number('Temperature', llm['temperature'], 0.2, 0, 2),
              max_tokens: number('Max tokens', llm['max_tokens'], 1024, 1, 1_000_000, true),
              top_p: number('Top p', llm['top_p'], 1, 0, 1),
              frequency_penalty: number('Frequency penalty', llm['frequency_penalty'], 0, -2, 2),
              presence_penalty: number('Presence penalty', llm['presence_penalty'], 0, -2, 2),
            },
          },
        },
      },
    },
  };
  return {
    path: '/', playgroundPath: '/playground/run',
    inputNames: kind === 'chat' ? [...keys.filter((key) => key !== CONVERSATION_INPUT), CONVERSATION_INPUT] : keys,
    configSchema,
  };
}
