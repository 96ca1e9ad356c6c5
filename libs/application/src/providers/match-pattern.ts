import { RE2JS } from 're2js';

/**
 * A custom model's `match_pattern` runs on RE2 semantics (ARCHITECTURE §12), as the evaluators' user regexes do:
 * linear in the model name, whatever the pattern. Returns why RE2 cannot express it, or null.
 */
export function matchPatternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    return `not an RE2 pattern (no backreferences or look-around): ${(error as Error).message}`.slice(0, 300);
  }
}

/** Compiled patterns kept for reuse: every priced span of a batch is matched against the same few. */
const compiled = new Map<string, RE2JS>();
const MAX_COMPILED = 256;

/** Whether the pattern occurs in the model name (anchor it with ^…$ to match the whole name). */
export function matchPatternFinds(pattern: string, model: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = RE2JS.compile(pattern);
    compiled.set(pattern, regex);
    if (compiled.size > MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  }
  return regex.matcher(model).find();
}
