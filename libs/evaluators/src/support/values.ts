import { EvaluationFailure, type EvaluatorContext } from '../evaluator';

/** The text of an output or answer: strings as they are, anything else as its JSON text. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: string };

const FENCED = /^```(?:json)?\s*([\s\S]*?)\s*```$/i;

/** Non-strings are already JSON values; strings are parsed, tolerating a Markdown code fence around them. */
export function parseJson(value: unknown): JsonParse {
  if (typeof value !== 'string') return { ok: true, value: value ?? null };
  const trimmed = value.trim();
  const unfenced = FENCED.exec(trimmed)?.[1] ?? trimmed;
  try {
    return { ok: true, value: JSON.parse(unfenced) };
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Works for errors from other realms (vm contexts, isolates), where `instanceof Error` fails. */
export function describeError(error: unknown): string {
  if (isPlainObject(error) || error instanceof Error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return typeof error === 'string' ? error : asText(error);
}

export const excerpt = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The expected answer, or a failure naming the column when the row has none. */
export function requireGroundTruth(ctx: EvaluatorContext): unknown {
  if (ctx.correctAnswer !== undefined && ctx.correctAnswer !== null) return ctx.correctAnswer;
  const column = ctx.settings['correct_answer_key'];
  const named = typeof column === 'string' && column.length > 0 ? ` "${column}"` : '';
  throw new EvaluationFailure(`This evaluator needs a ground truth, but the test-set row has no value in the column${named}`);
}

/** Typed reads of settings that validateEvaluatorSettings already checked. */
export const settingsReader = (settings: Record<string, unknown>) => ({
  string(key: string): string {
    const value = settings[key];
    if (typeof value !== 'string') throw new Error(`Setting ${key} should be a string`);
    return value;
  },
  boolean(key: string): boolean {
    const value = settings[key];
    if (typeof value !== 'boolean') throw new Error(`Setting ${key} should be a boolean`);
    return value;
  },
  optionalNumber(key: string): number | undefined {
    const value = settings[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number') throw new Error(`Setting ${key} should be a number`);
    return value;
  },
  number(key: string): number {
    const value = this.optionalNumber(key);
    if (value === undefined) throw new Error(`Setting ${key} is missing`);
    return value;
  },
  stringList(key: string): string[] {
    const value = settings[key];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw new Error(`Setting ${key} should be a list of strings`);
    }
    return value;
  },
});

/** Calls a port and turns its rejection into a failure that says which call failed. */
export async function throughPort<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new EvaluationFailure(`${what} failed: ${describeError(error)}`);
  }
}
