import { numberResult, type Result } from '@crucible/domain';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { isPlainObject, parseJson, requireGroundTruth, settingsReader } from '../support/values';

interface DiffOptions {
  schemaOnly: boolean;
  predictKeys: boolean;
  caseInsensitiveKeys: boolean;
}

/** Leaf values by path ("a.b.0"); empty objects and arrays are leaves too, so `{}` still has something to compare. */
function flatten(value: unknown, caseInsensitive: boolean, path = '', leaves = new Map<string, unknown>()): Map<string, unknown> {
  const entries: [string, unknown][] = isPlainObject(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : [];
  if (entries.length === 0) {
    leaves.set(path, value);
    return leaves;
  }
  for (const [key, child] of entries) {
    const name = caseInsensitive ? key.toLowerCase() : key;
    flatten(child, caseInsensitive, path === '' ? name : `${path}.${name}`, leaves);
  }
  return leaves;
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

// Leaves are primitives or empty containers, so comparing their JSON text is exact.
const sameLeaf = (expected: unknown, actual: unknown): boolean =>
  jsonType(expected) === jsonType(actual) && JSON.stringify(expected) === JSON.stringify(actual);

/** Share of compared keys whose value (or, schema-only, whose type) the output reproduces. */
export function jsonDiffScore(expected: unknown, actual: unknown, options: DiffOptions): number {
  const expectedLeaves = flatten(expected, options.caseInsensitiveKeys);
  const actualLeaves = flatten(actual, options.caseInsensitiveKeys);
  const keys = new Set(expectedLeaves.keys());
  if (options.predictKeys) actualLeaves.forEach((_, key) => keys.add(key));
  let matched = 0;
  for (const key of keys) {
    if (!expectedLeaves.has(key) || !actualLeaves.has(key)) continue;
    const want = expectedLeaves.get(key);
    const got = actualLeaves.get(key);
    if (options.schemaOnly ? jsonType(want) === jsonType(got) : sameLeaf(want, got)) matched += 1;
  }
  return keys.size === 0 ? 1 : matched / keys.size;
}

/** An output that is not JSON scores 0; a ground truth that is not JSON is a test-set problem, hence an error. */
export const jsonDiffEvaluator: Evaluator = {
  key: 'auto_json_diff',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const settings = settingsReader(ctx.settings);
    const expected = parseJson(requireGroundTruth(ctx));
    if (!expected.ok) throw new EvaluationFailure(`The ground truth is not valid JSON: ${expected.reason}`);
    const actual = parseJson(ctx.output);
    if (!actual.ok) return numberResult(0);
    return numberResult(
      jsonDiffScore(expected.value, actual.value, {
        schemaOnly: settings.boolean('compare_schema_only'),
        predictKeys: settings.boolean('predict_keys'),
        caseInsensitiveKeys: settings.boolean('case_insensitive_keys'),
      }),
    );
  },
};
