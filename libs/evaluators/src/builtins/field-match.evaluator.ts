import { boolResult, type Result } from '@crucible/domain';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText, isPlainObject, parseJson, requireGroundTruth, settingsReader } from '../support/values';

/** The field by its exact key first, so keys holding dots still work, then by dotted path. */
function readField(document: unknown, field: string): { found: boolean; value?: unknown } {
  if (isPlainObject(document) && Object.hasOwn(document, field)) return { found: true, value: document[field] };
  let current: unknown = document;
  for (const part of field.split('.')) {
    if (isPlainObject(current) && Object.hasOwn(current, part)) current = current[part];
    else if (Array.isArray(current) && /^\d+$/.test(part) && Number(part) < current.length) current = current[Number(part)];
    else return { found: false };
  }
  return { found: true, value: current };
}

/** An output that is not JSON or lacks the field fails the test (false): that is the app's fault, not the evaluator's. */
export const fieldMatchEvaluator: Evaluator = {
  key: 'field_match_test',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const expected = requireGroundTruth(ctx);
    const parsed = parseJson(ctx.output);
    if (!parsed.ok) return boolResult(false);
    const field = readField(parsed.value, settingsReader(ctx.settings).string('json_field'));
    return boolResult(field.found && asText(field.value) === asText(expected));
  },
};
