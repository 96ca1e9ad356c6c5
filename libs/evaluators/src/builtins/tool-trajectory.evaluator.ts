import { boolResult, type Result } from '@crucible/domain';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { toolSpanNames } from '../support/tool-calls';
import { parseJson, requireGroundTruth } from '../support/values';

/** The expected tool names: the setting, else the ground-truth cell as a JSON list or comma-separated names. */
function expectedTools(ctx: EvaluatorContext): string[] {
  const configured = ctx.settings['expected_tools'];
  if (Array.isArray(configured) && configured.length > 0) return configured as string[];
  const cell = requireGroundTruth(ctx);
  const parsed = parseJson(cell);
  if (parsed.ok && Array.isArray(parsed.value) && parsed.value.every((name) => typeof name === 'string')) return parsed.value;
  if (typeof cell === 'string' && !(parsed.ok && typeof parsed.value === 'object')) {
    return cell.split(',').map((name) => name.trim()).filter((name) => name !== '');
  }
  throw new EvaluationFailure('The expected-answer column must hold a list of tool names (["search", "fetch"] or search, fetch)');
}

/** Whether `expected` occurs in `actual` in order, other names allowed between them. */
function isSubsequence(expected: string[], actual: string[]): boolean {
  let next = 0;
  for (const name of actual) if (next < expected.length && name === expected[next]) next += 1;
  return next === expected.length;
}

function counts(names: string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const name of names) tally.set(name, (tally.get(name) ?? 0) + 1);
  return tally;
}

/** Whether `actual` holds every expected name as many times as expected (more when extras are allowed). */
function sameTools(expected: string[], actual: string[], allowExtra: boolean): boolean {
  const have = counts(actual);
  const want = counts(expected);
  for (const [name, times] of want) if ((have.get(name) ?? 0) < times) return false;
  return allowExtra || actual.length === expected.length;
}

/**
 * True when the tools the application called (its trace's tool spans, in the order they started) follow the
 * expected sequence: exactly, or with other calls between them (allow_extra), or in any order (in_order false).
 */
export const toolTrajectoryEvaluator: Evaluator = {
  key: 'tool_trajectory',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    if (!ctx.trace) throw new EvaluationFailure('The application answered no trace, so there are no tool spans to check');
    const expected = expectedTools(ctx);
    const actual = toolSpanNames(ctx.trace);
    const inOrder = ctx.settings['in_order'] !== false;
    const allowExtra = ctx.settings['allow_extra'] === true;
    if (!inOrder) return boolResult(sameTools(expected, actual, allowExtra));
    if (allowExtra) return boolResult(isSubsequence(expected, actual));
    return boolResult(expected.length === actual.length && expected.every((name, i) => name === actual[i]));
  },
};
