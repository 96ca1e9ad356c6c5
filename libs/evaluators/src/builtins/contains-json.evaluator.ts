import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { parseJson } from '../support/values';

const isStructured = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** Looks for an object or array anywhere in the text, as LLMs tend to wrap JSON in prose. */
function holdsJson(text: string): boolean {
  const whole = parseJson(text);
  if (whole.ok) return isStructured(whole.value);
  const spans: [string, string][] = [['{', '}'], ['[', ']']];
  return spans.some(([open, close]) => {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start < 0 || end <= start) return false;
    const candidate = parseJson(text.slice(start, end + 1));
    return candidate.ok && isStructured(candidate.value);
  });
}

export const containsJsonEvaluator: Evaluator = {
  key: 'auto_contains_json',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    return boolResult(typeof ctx.output === 'string' ? holdsJson(ctx.output) : isStructured(ctx.output));
  },
};
