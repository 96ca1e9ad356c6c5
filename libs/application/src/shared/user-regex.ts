import { RE2JS } from 're2js';

/**
 * Users' patterns run on RE2 semantics (ARCHITECTURE §12): matching is linear in the text, so no pattern can
 * stall a process the way `^(a+)+$` does under backtracking. Throws on what RE2 cannot express (backreferences,
 * look-around).
 */
export function compileUserRegex(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    throw new Error(`invalid regular expression (RE2 syntax, no backreferences or look-around): ${(error as Error).message}`);
  }
}

/** Compiled patterns kept for reuse: an evaluation runs one pattern over every row, a batch of spans a few. */
const compiled = new Map<string, RE2JS>();
const MAX_COMPILED = 256;

/** Whether the pattern occurs anywhere in the text, as `RegExp.prototype.test` answers. */
export function userRegexFinds(pattern: string, text: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = compileUserRegex(pattern);
    compiled.set(pattern, regex);
    if (compiled.size > MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  }
  return regex.matcher(text).find();
}
