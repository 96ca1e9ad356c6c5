import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, requireGroundTruth, settingsReader } from '../support/values';

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Jaccard similarity of the sets of lower-cased words; punctuation is ignored, two empty texts are identical. */
export function jaccardSimilarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  left.forEach((word) => (shared += right.has(word) ? 1 : 0));
  return shared / (left.size + right.size - shared);
}

export const similarityMatchEvaluator: Evaluator = {
  key: 'auto_similarity_match',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const similarity = jaccardSimilarity(asText(ctx.output), asText(requireGroundTruth(ctx)));
    return boolResult(similarity >= settingsReader(ctx.settings).number('similarity_threshold'));
  },
};
