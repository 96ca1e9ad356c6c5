import type { PromptMessage, TemplateFormat } from './prompt-parameters';

/** A piece of a message's text: plain, or a variable reference as written (`{{country}}`) with its name. */
export type TemplatePart = { text: string; variable?: string };

// jinja2 names bound inside the template (loop variables, `set`) and its literals are not inputs.
const JINJA_WORDS = new Set(['true', 'false', 'none', 'True', 'False', 'None', 'loop', 'not', 'and', 'or', 'in', 'is', 'if', 'else', 'range', 'cycler', 'joiner', 'super', 'caller']);
const PATTERNS: Record<TemplateFormat, RegExp> = {
  curly: /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g,
  // `{{` and `}}` are escaped braces in an f-string, not variables.
  fstring: /(?<!\{)\{([A-Za-z_]\w*)\}(?!\})/g,
  jinja2: /\{\{-?\s*([A-Za-z_]\w*)[^}]*\}\}|\{%-?\s*(?:if|elif|for\s+\w+(?:\s*,\s*\w+)?\s+in)\s+([A-Za-z_]\w*)[^%]*%\}/g,
};

/** The text split into plain runs and variable references, in order. */
export function splitTemplate(text: string, format: TemplateFormat): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(PATTERNS[format]))) {
    const name = match[1] ?? match[2];
    if (!name || JINJA_WORDS.has(name)) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], variable: name });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The variables a text references, once each, in order of first use. */
export function templateVariables(text: string, format: TemplateFormat): string[] {
  const names = splitTemplate(text, format).flatMap((part) => (part.variable ? [part.variable] : []));
  const bound = format === 'jinja2' ? jinjaBoundNames(text) : new Set<string>();
  return [...new Set(names)].filter((name) => !bound.has(name));
}

/** The inputs a prompt needs: every variable of every message. */
export const promptVariables = (messages: PromptMessage[], format: TemplateFormat): string[] =>
  [...new Set(messages.flatMap((message) => templateVariables(message.content, format)))];

function jinjaBoundNames(text: string): Set<string> {
  const bound = new Set<string>();
  for (const match of text.matchAll(/\{%-?\s*(?:for\s+(\w+)(?:\s*,\s*(\w+))?\s+in|set\s+(\w+))/g)) {
    for (const name of match.slice(1)) if (name) bound.add(name);
  }
  return bound;
}
