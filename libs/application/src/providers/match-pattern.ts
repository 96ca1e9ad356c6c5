import { compileUserRegex, userRegexFinds } from '../shared/user-regex';

/** A custom model's `match_pattern` runs on RE2 semantics, as every user pattern does. Why it cannot, or null. */
export function matchPatternProblem(pattern: string): string | null {
  try {
    compileUserRegex(pattern);
    return null;
  } catch (error) {
    return (error as Error).message.slice(0, 300);
  }
}

/** Whether the pattern occurs in the model name (anchor it with ^…$ to match the whole name). */
export const matchPatternFinds = (pattern: string, model: string): boolean => userRegexFinds(pattern, model);
