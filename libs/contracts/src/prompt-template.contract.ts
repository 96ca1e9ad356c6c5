import { z } from 'zod';

/**
 * A built-in variant's parameters: Agenta's PromptTemplate (ARCHITECTURE §16), so its prompt configs carry over. The
 * api checks saved parameters with it, the builtin runner reads them with it, and the SDK's getPrompt compiles them.
 */
export const promptMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().max(200_000),
  tool_call_id: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
});

const jsonObject = z.record(z.string(), z.unknown());

export const promptToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a tool name is 1-64 letters, digits, _ or -'),
    description: z.string().max(10_000).optional(),
    parameters: jsonObject,
  }),
});

export const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({ name: z.string().max(64).optional(), schema: jsonObject, strict: z.boolean().optional() }),
  }),
]);

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
]);

export const llmConfigSchema = z.object({
  model: z.string().min(1).max(300),
  connection_id: z.string().max(100).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  stop: z.array(z.string().max(100)).max(4).nullish(),
  response_format: responseFormatSchema.nullish(),
  tools: z.array(promptToolSchema).max(128).nullish(),
  tool_choice: toolChoiceSchema.nullish(),
});

export const promptTemplateSchema = z.object({
  messages: z.array(promptMessageSchema).max(500),
  template_format: z.enum(['curly', 'fstring', 'jinja2']).default('curly'),
  /** Derived from the messages when saved; what a client sends here is replaced. */
  input_keys: z.array(z.string()).optional(),
  llm_config: llmConfigSchema,
});

export const promptParametersSchema = z.object({ prompt: promptTemplateSchema });
