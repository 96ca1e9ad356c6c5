import { EvaluationFailure, type EvaluatorContext } from '../evaluator';
import type { JudgeSection } from '../prompts/judge-prompt';
import { asText, isPlainObject, parseJson } from '../support/values';
import { groundTruthColumn } from '../settings/ground-truth-column';
import { valuesAtSpanPath } from './span-path';

/**
 * Fills a judge prompt's placeholders with tagged sections (`<output>…</output>`); a section the row cannot give
 * (no expected answer for a custom rubric) is left out, with the blank lines around it.
 */
export function renderJudgePrompt(template: string, sections: Partial<Record<JudgeSection | 'rubric', string>>): string {
  return template
    .replace(/\{(question|output|expected|contexts|rubric)\}/g, (_, name: JudgeSection | 'rubric') => {
      const text = sections[name];
      if (text === undefined) return '';
      return name === 'rubric' ? text : `<${name}>\n${text}\n</${name}>`;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The question the application answered: the `question_column` setting's value, else every column of the row but
 * the expected answer's and the contexts', one `column: value` line each.
 */
export function questionText(ctx: EvaluatorContext): string {
  const column = ctx.settings['question_column'];
  if (typeof column === 'string') {
    if (!Object.hasOwn(ctx.inputs, column)) throw new EvaluationFailure(`The test-set row has no column "${column}" (question_column)`);
    return asText(ctx.inputs[column]);
  }
  const hidden = new Set([groundTruthColumn(ctx.settings, ctx.groundTruthColumn), ctx.settings['contexts_column']]);
  return Object.entries(ctx.inputs)
    .filter(([name]) => !hidden.has(name))
    .map(([name, value]) => `${name}: ${asText(value)}`)
    .join('\n');
}

/** The retrieved contexts: from the `contexts_column` of the row, or from the trace at `contexts_path`. */
export function contextsOf(ctx: EvaluatorContext): string[] {
  const column = ctx.settings['contexts_column'];
  const path = ctx.settings['contexts_path'];
  let values: unknown[];
  if (typeof column === 'string') {
    const value = ctx.inputs[column];
    if (value === undefined || value === null || value === '') {
      throw new EvaluationFailure(`The test-set row has no value in the contexts column "${column}"`);
    }
    // A CSV cell holds a list as JSON text: '["first passage", "second passage"]'.
    const parsed = typeof value === 'string' && value.trim().startsWith('[') ? parseJson(value) : undefined;
    values = parsed?.ok && Array.isArray(parsed.value) ? parsed.value : Array.isArray(value) ? value : [value];
  } else if (typeof path === 'string') {
    values = valuesAtSpanPath(ctx.trace, path);
  } else {
    throw new EvaluationFailure('This evaluator needs contexts: set contexts_column or contexts_path');
  }
  return values.map(passageText);
}

/** A retriever's document (LangChain's page_content, LlamaIndex's text…) as its text; anything else as JSON. */
function passageText(value: unknown): string {
  if (isPlainObject(value)) {
    for (const key of ['page_content', 'pageContent', 'content', 'text']) {
      if (typeof value[key] === 'string') return value[key];
    }
  }
  return asText(value);
}

export const numberedContexts = (contexts: string[]): string => contexts.map((text, index) => `[${index + 1}] ${text}`).join('\n');
