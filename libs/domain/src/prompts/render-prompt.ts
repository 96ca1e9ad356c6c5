import { DomainError } from '../shared/domain-error';
import { Jinja2TemplateError, checkJinja2, renderJinja2 } from './jinja2-template';
import type { PromptMessage, PromptTemplate, TemplateFormat } from './prompt-template';

const CURLY = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
/** `{name}`, with `{{` and `}}` standing for literal braces as in Python's str.format. */
const FSTRING = /\{\{|\}\}|\{([A-Za-z_]\w*)\}/g;

/** The variables one text reads, in order of first use; for jinja2 only those it needs (not those it tests). */
function textVariables(format: TemplateFormat, text: string): { all: string[]; required: string[] } {
  if (format === 'jinja2') {
    const { variables, required } = checkJinja2(text);
    return { all: variables, required };
  }
  const pattern = format === 'curly' ? CURLY : FSTRING;
  const names = [...text.matchAll(pattern)].map((match) => match[1]).filter((name): name is string => name !== undefined);
  return { all: names, required: names };
}

/** The template's variables, in order of first use: its `input_keys`. */
export function inputKeysOf(template: Pick<PromptTemplate, 'messages' | 'template_format'>): string[] {
  return [...new Set(template.messages.flatMap((message) => textVariables(template.template_format, message.content).all))];
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function renderText(format: TemplateFormat, text: string, inputs: Record<string, unknown>): string {
  switch (format) {
    case 'jinja2':
      return renderJinja2(text, inputs);
    case 'curly':
      return text.replace(CURLY, (_, name: string) => asText(inputs[name]));
    case 'fstring':
      return text.replace(FSTRING, (match, name: string | undefined) => (name === undefined ? match[0]! : asText(inputs[name])));
  }
}

/**
 * The template's messages with the inputs filled in. A variable the inputs lack is a 422 naming it (and its message),
 * found before anything is rendered.
 */
export function renderPromptMessages(template: Pick<PromptTemplate, 'messages' | 'template_format'>, inputs: Record<string, unknown>): PromptMessage[] {
  const has = (name: string) => Object.prototype.hasOwnProperty.call(inputs, name) && inputs[name] !== undefined;
  const missing = template.messages.flatMap((message, index) => textVariables(template.template_format, message.content).required
    .filter((name) => !has(name))
    .map((name) => ({ field: ['inputs', name], reason: `the prompt's message ${index + 1} uses the variable '${name}', which the inputs lack`, rule: 'required' as const })));
  if (missing.length > 0) throw DomainError.invalidInput(dedupe(missing));
  return template.messages.map((message, index) => {
    try {
      return { ...message, content: renderText(template.template_format, message.content, inputs) };
    } catch (error) {
      if (!(error instanceof Jinja2TemplateError)) throw error;
      throw DomainError.invalidInput([{ field: ['prompt', 'messages', index, 'content'], reason: `the jinja2 template ${error.message}`, rule: 'invalid_value' }]);
    }
  });
}

function dedupe<T extends { field: Array<string | number> }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.field.join('.')) && Boolean(seen.add(item.field.join('.'))));
}
