import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, settingsReader } from '../support/values';

function substringsEvaluator(key: string, mode: 'any' | 'all'): Evaluator {
  return {
    key,
    async evaluate(ctx: EvaluatorContext): Promise<Result> {
      const settings = settingsReader(ctx.settings);
      const caseSensitive = settings.boolean('case_sensitive');
      const fold = (text: string): string => (caseSensitive ? text : text.toLowerCase());
      const text = fold(asText(ctx.output));
      const found = (substring: string): boolean => text.includes(fold(substring));
      const substrings = settings.stringList('substrings');
      return boolResult(mode === 'any' ? substrings.some(found) : substrings.every(found));
    },
  };
}

export const containsAnyEvaluator = substringsEvaluator('auto_contains_any', 'any');
export const containsAllEvaluator = substringsEvaluator('auto_contains_all', 'all');
