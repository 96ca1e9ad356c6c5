import Ajv, { type ValidateFunction } from 'ajv';
import { compileUserRegex } from '@crucible/application';

/**
 * A schema's `pattern` comes from a user, so it runs on RE2 semantics like every user regex (ARCHITECTURE §12): a
 * backtracking pattern cannot stall the process. `code` names the engine in ajv's standalone output, which we do
 * not produce.
 */
const re2Engine = Object.assign(
  (pattern: string) => {
    const regex = compileUserRegex(pattern);
    return { test: (text: string) => regex.matcher(text).find() };
  },
  { code: 'compileUserRegex' },
);

// strict: false lets schemas carry keywords ajv does not know (descriptions, examples, vendor x-…); formats are not
// checked, as no format vocabulary is installed.
const ajv = new Ajv({ strict: false, validateFormats: false, code: { regExp: re2Engine } });

/** Compiled schemas by their text: an evaluation checks every row against the same one. */
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 128;

export type SchemaCompile = { ok: true; validate: ValidateFunction } | { ok: false; reason: string };

export function compileJsonSchema(schema: unknown): SchemaCompile {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: 'a JSON Schema must be an object' };
  }
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known) return { ok: true, validate: known };
  try {
    const validate = ajv.compile(schema);
    compiled.set(key, validate);
    if (compiled.size > MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    return { ok: true, validate };
  } catch (error) {
    return { ok: false, reason: `not a valid JSON Schema: ${(error as Error).message}` };
  }
}
