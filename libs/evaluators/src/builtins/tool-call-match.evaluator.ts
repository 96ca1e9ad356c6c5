import { boolResult, type Result } from '@crucible/domain';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { compileJsonSchema } from '../support/json-schema';
import { containsSubset, deepEqual, expectedToolCallOf, type ToolCall, toolCallsOf } from '../support/tool-calls';
import { parseJson, requireGroundTruth } from '../support/values';

export const TOOL_ARGUMENT_MATCHES = ['exact', 'subset', 'schema'] as const;
type ArgumentsMatch = (typeof TOOL_ARGUMENT_MATCHES)[number];

interface ExpectedCall {
  name?: string;
  /** Absent: only the name is checked. */
  arguments?: unknown;
}

const optionalText = (settings: Record<string, unknown>, key: string): string | undefined => {
  const value = settings[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/** Settings win; the ground-truth column fills what they leave out (a name, arguments, or both). */
function expectedCall(ctx: EvaluatorContext, match: ArgumentsMatch): ExpectedCall {
  const name = optionalText(ctx.settings, 'expected_tool_name');
  const argumentsText = optionalText(ctx.settings, 'expected_arguments');
  // Checked when the config was saved, so this parse succeeds.
  const fromSettings: ExpectedCall = {
    ...(name ? { name } : {}), ...(argumentsText ? { arguments: (parseJson(argumentsText) as { value: unknown }).value } : {}),
  };
  const needsColumn = fromSettings.name === undefined || (match !== 'schema' && fromSettings.arguments === undefined);
  if (!needsColumn) return fromSettings;
  if (ctx.correctAnswer === undefined || ctx.correctAnswer === null) {
    // A name alone checks the name; a schema alone checks any call's arguments.
    if (fromSettings.name !== undefined || match === 'schema') return fromSettings;
    requireGroundTruth(ctx);
  }
  const fromColumn = expectedToolCallOf(ctx.correctAnswer);
  if (!fromColumn && fromSettings.name === undefined && match !== 'schema') {
    throw new EvaluationFailure('The expected-answer column names no tool call: give {"name", "arguments"} or the tool name');
  }
  return { ...fromColumn, ...fromSettings };
}

function argumentsMatch(call: ToolCall, expected: ExpectedCall, match: ArgumentsMatch, settings: Record<string, unknown>): boolean {
  if (match === 'schema') {
    const schemaText = optionalText(settings, 'arguments_schema');
    const compiled = compileJsonSchema(schemaText === undefined ? undefined : (parseJson(schemaText) as { value: unknown }).value);
    if (!compiled.ok) throw new EvaluationFailure(`arguments_schema: ${compiled.reason}`);
    return compiled.validate(call.arguments) === true;
  }
  if (expected.arguments === undefined) return true;
  return match === 'exact' ? deepEqual(call.arguments, expected.arguments) : containsSubset(call.arguments, expected.arguments);
}

/**
 * True when one of the output's tool calls has the expected name and its arguments match: equal (exact), holding
 * every expected argument (subset), or valid against a JSON Schema (schema). An output with no tool call is false.
 */
export const toolCallMatchEvaluator: Evaluator = {
  key: 'tool_call_match',
  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const match = (ctx.settings['arguments_match'] ?? 'exact') as ArgumentsMatch;
    const expected = expectedCall(ctx, match);
    const calls = toolCallsOf(ctx.output);
    return boolResult(calls.some((call) => (expected.name === undefined || call.name === expected.name)
      && argumentsMatch(call, expected, match, ctx.settings)));
  },
};
