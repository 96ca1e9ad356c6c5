/** A prompt app's parameters (ARCHITECTURE §16, Agenta's PromptTemplate), as far as the SDK reads them. */
export interface PromptParameters {
  prompt: {
    messages: PromptMessage[];
    template_format?: 'curly' | 'fstring' | 'jinja2';
    input_keys?: string[];
    llm_config?: Record<string, unknown>;
  };
  [key: string]: unknown;
}

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  [key: string]: unknown;
}

/** A template names a variable the inputs lack, or uses a format the SDK does not render. */
export class PromptCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromptCompileError';
  }
}

const CURLY = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
// fstring as Python's str.format: `{{` and `}}` are literal braces, `{name}` a variable.
const FSTRING = /\{\{|\}\}|\{([A-Za-z_]\w*)\}/g;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function valueOf(inputs: Record<string, unknown>, name: string, role: string): string {
  if (!Object.prototype.hasOwnProperty.call(inputs, name) || inputs[name] === undefined) {
    throw new PromptCompileError(`the ${role} message uses the variable "${name}", which the inputs lack`);
  }
  return textOf(inputs[name]);
}

/** One message's text with its variables replaced; jinja2 is left to Crucible (use the gateway for such prompts). */
export function renderTemplate(text: string, format: PromptParameters['prompt']['template_format'], inputs: Record<string, unknown>, role = 'user'): string {
  if (format === 'jinja2') throw new PromptCompileError('compile() renders curly and fstring templates; a jinja2 prompt runs through the gateway (POST /apps/{app_id}/invoke)');
  if (format === 'fstring') return text.replace(FSTRING, (match: string, name?: string) => (name ? valueOf(inputs, name, role) : match[0]!));
  return text.replace(CURLY, (_match: string, name: string) => valueOf(inputs, name, role));
}

/**
 * The messages to send a model: each template message rendered with the inputs, then (chat apps) the conversation
 * so far from `inputs.messages`, as the built-in chat workflow does.
 */
export function compileMessages(parameters: PromptParameters, inputs: Record<string, unknown> = {}): PromptMessage[] {
  const format = parameters.prompt.template_format ?? 'curly';
  const rendered = parameters.prompt.messages.map((message) => ({ ...message, content: renderTemplate(message.content, format, inputs, message.role) }));
  const conversation = inputs['messages'];
  return Array.isArray(conversation) ? [...rendered, ...(conversation as PromptMessage[])] : rendered;
}

export function isPromptParameters(value: unknown): value is PromptParameters {
  const prompt = (value as { prompt?: { messages?: unknown } } | null)?.prompt;
  return typeof prompt === 'object' && prompt !== null && Array.isArray(prompt.messages);
}
