import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CliError } from './cli-error';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

const isCell = (value: unknown): value is Cell =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A CSV file with a header row, or a JSON array of objects. */
export function readRows(file: string): Row[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (extname(file).toLowerCase() === '.json') {
    let rows: unknown;
    try {
      rows = JSON.parse(text);
    } catch (error) {
      throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(rows) || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
      throw new CliError(`${file} must hold a JSON array of objects (one per row)`);
    }
    const nested = rows.findIndex((row: Record<string, unknown>) => !Object.values(row).every(isCell));
    if (nested >= 0) throw new CliError(`${file}: row ${nested} holds a nested value; cells are strings, numbers, booleans or null`);
    return rows as Row[];
  }
  try {
    return parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Row[];
  } catch (error) {
    throw new CliError(`${file} is not a CSV with a header row: ${(error as Error).message}`);
  }
}

const csvCell = (value: Cell | undefined): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** `.json` → a JSON array; anything else → CSV with the columns in the order given. */
export function writeRows(file: string, columns: string[], rows: Row[]): void {
  const text = extname(file).toLowerCase() === '.json'
    ? `${JSON.stringify(rows, null, 2)}\n`
    : `${[columns.map(csvCell).join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))].join('\n')}\n`;
  writeFileSync(file, text);
}
