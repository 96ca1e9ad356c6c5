import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, settingsReader } from '../support/values';
import { userRegexFinds } from '@crucible/application';

export const regexTestEvaluator: Evaluator = {
  key: 'auto_regex_test',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const settings = settingsReader(ctx.settings);
    const matches = userRegexFinds(settings.string('regex_pattern'), asText(ctx.output));
    return boolResult(matches === settings.boolean('regex_should_match'));
  },
};
