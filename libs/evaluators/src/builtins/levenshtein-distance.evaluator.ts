import { boolResult, numberResult, type Result } from '@crucible/domain';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { asText, requireGroundTruth, settingsReader } from '../support/values';

/** Edit distance over code points (so an emoji counts as one character), in O(min(n, m)) memory. */
export function levenshtein(a: string, b: string): number {
  let [long, short] = [Array.from(a), Array.from(b)];
  if (short.length > long.length) [long, short] = [short, long];
  let previous = Array.from({ length: short.length + 1 }, (_, index) => index);
  for (let i = 1; i <= long.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= short.length; j += 1) {
      const substitution = previous[j - 1] + (long[i - 1] === short[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[short.length];
}

/** The distance costs length × length steps: past this many characters a side, a row would hold the process. */
export const LEVENSHTEIN_MAX_LENGTH = 10_000;

function capped(side: string, text: string): string {
  const length = Array.from(text).length;
  if (length > LEVENSHTEIN_MAX_LENGTH) {
    throw new EvaluationFailure(`the ${side} is ${length} characters long; the edit distance compares at most ${LEVENSHTEIN_MAX_LENGTH}`);
  }
  return text;
}

export const levenshteinDistanceEvaluator: Evaluator = {
  key: 'auto_levenshtein_distance',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const distance = levenshtein(capped('output', asText(ctx.output)), capped('ground truth', asText(requireGroundTruth(ctx))));
    const threshold = settingsReader(ctx.settings).optionalNumber('threshold');
    return threshold === undefined ? numberResult(distance) : boolResult(distance <= threshold);
  },
};
