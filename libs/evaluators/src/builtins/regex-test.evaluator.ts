import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, settingsReader } from '../support/values';

export const regexTestEvaluator: Evaluator = {
  key: 'auto_regex_test',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const settings = settingsReader(ctx.settings);
    const matches = new RegExp(settings.string('regex_pattern')).test(asText(ctx.output));
    return boolResult(matches === settings.boolean('regex_should_match'));
  },
};
