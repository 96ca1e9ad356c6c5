import { isValidationIssue } from '@crucible/client';
import { ApiError } from '../../api/api-error';

/**
 * Where a 422 item points inside the prompt editor: the path after `prompt` (`messages.1.content`,
 * `llm_config.model`) or after `inputs` (`inputs.country`), so each message shows beside its field.
 */
export function fieldPath(loc: ReadonlyArray<string | number>): string {
  const prompt = loc.indexOf('prompt');
  if (prompt >= 0) return loc.slice(prompt + 1).join('.');
  const inputs = loc.indexOf('inputs');
  return inputs >= 0 ? loc.slice(inputs).join('.') : loc.filter((part) => part !== 'body').join('.');
}

/** A lookup of the messages an error names per field path, empty for anything but a 422 with items. */
export function errorsByField(...errors: unknown[]): (path: string) => string | undefined {
  const byPath = new Map<string, string>();
  for (const error of errors) {
    if (!(error instanceof ApiError) || !Array.isArray(error.detail)) continue;
    for (const item of error.detail) if (isValidationIssue(item)) byPath.set(fieldPath(item.loc), item.msg);
  }
  return (path) => byPath.get(path);
}

/** The first `time_to_first_token_ms` anywhere in a run's trace (the LLM span records it for a streamed call). */
export function findTimeToFirstToken(value: unknown, depth = 0): number | undefined {
  if (typeof value !== 'object' || value === null || depth > 6) return undefined;
  const own = (value as Record<string, unknown>)['time_to_first_token_ms'];
  if (typeof own === 'number') return own;
  for (const child of Object.values(value)) {
    const found = findTimeToFirstToken(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
