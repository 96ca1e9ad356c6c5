import { parse } from 'csv-parse/sync';
import type { InputRule } from '@crucible/domain';

export type TestsetFileFormat = 'csv' | 'json';

export type ParsedTestsetFile =
  | { ok: true; rows: unknown[] }
  | { ok: false; message: string; rule: Extract<InputRule, 'invalid_value' | 'malformed_json'> };

/** An explicit upload type wins; otherwise the file name's extension decides. Null when neither tells. */
export function testsetFileFormat(fileName: string, uploadType?: string): TestsetFileFormat | null {
  const explicit = uploadType?.toLowerCase();
  if (explicit === 'csv' || explicit === 'json') return explicit;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : null;
}

function headerProblem(header: string[]): string | null {
  const blank = header.findIndex((name) => name === '');
  if (blank >= 0) return `line 1 (header): column ${blank + 1} has no name`;
  const duplicate = header.find((name, index) => header.indexOf(name) !== index);
  return duplicate === undefined ? null : `line 1 (header): column "${duplicate}" appears more than once`;
}

/** A CSV file with a header row; every value stays the string the file holds. */
function parseCsv(content: string): ParsedTestsetFile {
  let header: string[] = [];
  let rows: unknown[];
  try {
    rows = parse(content, {
      bom: true,
      skip_empty_lines: true,
      columns: (names: string[]) => {
        header = names.map((name) => String(name).trim());
        return header;
      },
    }) as unknown[];
  } catch (error) {
    // csv-parse names the line ("... on line 4") in its message.
    return { ok: false, message: `not a valid CSV file: ${(error as Error).message}`, rule: 'invalid_value' };
  }
  const problem = headerProblem(header);
  return problem ? { ok: false, message: problem, rule: 'invalid_value' } : { ok: true, rows };
}

/** A JSON file holding an array of objects, as Agenta exports them. */
function parseJson(content: string): ParsedTestsetFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, message: `not a valid JSON file: ${(error as Error).message}`, rule: 'malformed_json' };
  }
  if (!Array.isArray(parsed)) return { ok: false, message: 'a JSON test set must be an array of objects (one per row)', rule: 'invalid_value' };
  return { ok: true, rows: parsed };
}

export function parseTestsetFile(content: string, format: TestsetFileFormat): ParsedTestsetFile {
  return format === 'csv' ? parseCsv(content) : parseJson(content);
}
