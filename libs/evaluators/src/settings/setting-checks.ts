import { compileUserRegex } from '@crucible/application';
import { compileJsonSchema } from '../support/json-schema';
import { isPlainObject, parseJson } from '../support/values';
import { parseSpanPath, SPAN_PATH_PROBLEM } from '../judges/span-path';

const columnName = (value: unknown) => (String(value).trim() === '' ? 'the column name must not be empty' : undefined);

/**
 * Checks beyond the type, by setting key: they reject at configuration time what would otherwise fail on every row.
 * Each returns the reason the value is unusable, or undefined.
 */
export const SETTING_CHECKS: Readonly<Record<string, (value: unknown) => string | undefined>> = {
  regex_pattern: (value) => {
    try {
      compileUserRegex(String(value));
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  },
  webhook_url: (value) => {
    let url: URL;
    try {
      url = new URL(String(value));
    } catch {
      return 'invalid URL';
    }
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'the URL must start with http:// or https://';
  },
  code: (value) => {
    const code = String(value);
    try {
      // Compiles without running: the body of a Function is only parsed here.
      new Function(code);
    } catch (error) {
      return `the code does not compile: ${(error as Error).message}`;
    }
    if (!/\bevaluate\b/.test(code)) return 'the code must define function evaluate(app_params, inputs, output, correct_answer)';
    return undefined;
  },
  expected_arguments: (value) => {
    const parsed = parseJson(value);
    if (!parsed.ok) return `not JSON: ${parsed.reason}`;
    return isPlainObject(parsed.value) ? undefined : 'the expected arguments must be a JSON object';
  },
  arguments_schema: (value) => {
    const parsed = parseJson(value);
    if (!parsed.ok) return `not JSON: ${parsed.reason}`;
    const compiled = compileJsonSchema(parsed.value);
    return compiled.ok ? undefined : compiled.reason;
  },
  correct_answer_key: columnName,
  question_column: columnName,
  contexts_column: columnName,
  contexts_path: (value) => (parseSpanPath(String(value)) ? undefined : SPAN_PATH_PROBLEM),
};
