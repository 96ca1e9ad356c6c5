import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, settingsReader } from '../support/values';

type Test = (text: string, needle: string) => boolean;

function affixEvaluator(key: string, settingKey: string, test: Test): Evaluator {
  return {
    key,
    async evaluate(ctx: EvaluatorContext): Promise<Result> {
      const settings = settingsReader(ctx.settings);
      const caseSensitive = settings.boolean('case_sensitive');
      const fold = (text: string): string => (caseSensitive ? text : text.toLowerCase());
      return boolResult(test(fold(asText(ctx.output)), fold(settings.string(settingKey))));
    },
  };
}

export const containsEvaluator = affixEvaluator('auto_contains', 'substring', (text, needle) => text.includes(needle));
export const startsWithEvaluator = affixEvaluator('auto_starts_with', 'prefix', (text, needle) => text.startsWith(needle));
export const endsWithEvaluator = affixEvaluator('auto_ends_with', 'suffix', (text, needle) => text.endsWith(needle));
