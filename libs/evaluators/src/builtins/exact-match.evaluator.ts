import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, requireGroundTruth } from '../support/values';

export const exactMatchEvaluator: Evaluator = {
  key: 'auto_exact_match',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    return boolResult(asText(ctx.output) === asText(requireGroundTruth(ctx)));
  },
};
