import type { Trace } from '@crucible/contracts';
import { isPlainObject, parseJson } from './values';

/** A tool call as the evaluators compare it: arguments parsed from their JSON text when they are text. */
export interface ToolCall {
  name: string;
  arguments: unknown;
}

const parsedArguments = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? {};
  const parsed = parseJson(value);
  return parsed.ok ? parsed.value : value;
};

/** OpenAI's `{type: "function", function: {name, arguments}}`, a flat `{name, arguments}`, or Anthropic's `{name, input}`. */
function toolCallOf(value: unknown): ToolCall | null {
  if (!isPlainObject(value)) return null;
  const fn = isPlainObject(value['function']) ? value['function'] : value;
  const name = fn['name'];
  if (typeof name !== 'string' || name === '') return null;
  return { name, arguments: parsedArguments(fn['arguments'] ?? fn['input']) };
}

/**
 * The tool calls of an application's output: how built-in prompt apps answer one (`{tool_calls: [...]}`, OpenAI's
 * shape, ARCHITECTURE §16), that object as JSON text, a bare list of calls, or a single call.
 */
export function toolCallsOf(output: unknown): ToolCall[] {
  const parsed = parseJson(output);
  if (!parsed.ok) return [];
  const value = parsed.value;
  const list = isPlainObject(value) && Array.isArray(value['tool_calls']) ? value['tool_calls'] : Array.isArray(value) ? value : [value];
  return list.map(toolCallOf).filter((call): call is ToolCall => call !== null);
}

/**
 * The call a test-set cell expects: a call in any shape `toolCallsOf` reads (its first), or plain text naming the
 * tool. Null when the cell names none.
 */
export function expectedToolCallOf(cell: unknown): { name: string; arguments?: unknown } | null {
  const parsed = parseJson(cell);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const [first] = toolCallsOf(parsed.value);
    if (!first) return null;
    const raw = isPlainObject(parsed.value) ? (isPlainObject(parsed.value['function']) ? parsed.value['function'] : parsed.value) : {};
    // A cell without arguments says nothing about them, which is not the same as expecting none.
    const hasArguments = 'arguments' in raw || 'input' in raw || Array.isArray(parsed.value) || 'tool_calls' in parsed.value;
    return hasArguments ? first : { name: first.name };
  }
  const name = typeof cell === 'string' ? cell.trim() : '';
  return name === '' ? null : { name };
}

/** Names of the trace's tool spans in the order they started (ties keep the order the trace lists them). */
export function toolSpanNames(trace: Trace): string[] {
  return trace.spans
    .map((span, index) => ({ span, index, start: Date.parse(span.start_time) }))
    .filter(({ span }) => span.kind === 'tool')
    .sort((a, b) => a.start - b.start || a.index - b.index)
    .map(({ span }) => span.name);
}

/** JSON values equal whatever the order of object keys. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/** Every key of `expected` is in `actual` with a value that contains it (objects recursively; other values equal). */
export function containsSubset(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected)) {
    return isPlainObject(actual) && Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && containsSubset(actual[key], value));
  }
  return deepEqual(actual, expected);
}
