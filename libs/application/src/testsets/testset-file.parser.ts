import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { CsvError, parse } from 'csv-parse';
import type { InputRule } from '@crucible/domain';

export type TestsetFileFormat = 'csv' | 'json';

/** What is wrong with a file as a whole (its syntax, its header): the first such thing found. */
export interface TestsetFileProblem {
  message: string;
  rule: Extract<InputRule, 'invalid_value' | 'malformed_json'>;
}

/** Takes each row as it is read; awaiting it holds the reading back (a slow writer slows the upload, not memory). */
export type TestsetRowSink = (row: unknown) => Promise<void> | void;

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

/** The bytes as UTF-8 text (a character cut between two chunks is joined), never returning the source early. */
async function* utf8Text(source: AsyncIterator<Uint8Array>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for (let next = await source.next(); !next.done; next = await source.next()) {
    const text = decoder.write(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Reads what is left of the source, so that the fields after the file still arrive. */
async function drain(source: AsyncIterator<Uint8Array>): Promise<void> {
  while (!(await source.next()).done) { /* discarded */ }
}

/** A CSV file with a header row, one record at a time; every value stays the string the file holds. */
async function readCsv(source: AsyncIterator<Uint8Array>, onRow: TestsetRowSink): Promise<TestsetFileProblem | null> {
  let header: string[] = [];
  let badHeader: string | null = null;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    columns: (names: string[]) => {
      header = names.map((name) => String(name).trim());
      badHeader = headerProblem(header);
      return header;
    },
  });
  const text = Readable.from(utf8Text(source));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  try {
    // A bad header is answered only once the whole file parsed, as csv-parse's own errors come first.
    for await (const record of parser) if (!badHeader) await onRow(record);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    text.destroy();
    await drain(source);
    // csv-parse names the line ("... on line 4") in its message.
    return { message: `not a valid CSV file: ${error.message}`, rule: 'invalid_value' };
  }
  return badHeader ? { message: badHeader, rule: 'invalid_value' } : null;
}

/**
 * A JSON file holding an array of objects, as Agenta exports them. Read whole (no streaming JSON parser is
 * installed), so it is bounded by the upload limit alone; its rows then go out one by one like a CSV's.
 */
async function readJson(source: AsyncIterator<Uint8Array>, onRow: TestsetRowSink): Promise<TestsetFileProblem | null> {
  const chunks: Buffer[] = [];
  for (let next = await source.next(); !next.done; next = await source.next()) chunks.push(Buffer.from(next.value));
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { message: `not a valid JSON file: ${(error as Error).message}`, rule: 'malformed_json' };
  }
  chunks.length = 0;
  if (!Array.isArray(parsed)) return { message: 'a JSON test set must be an array of objects (one per row)', rule: 'invalid_value' };
  for (const row of parsed) await onRow(row);
  return null;
}

/**
 * Hands each row of an uploaded file to `onRow` as it is parsed and answers the file's problem, or null. Reads
 * `content` to its end whatever it finds; an error of `content` itself (the upload cut off) is thrown as it is.
 */
export function readTestsetFile(content: AsyncIterable<Uint8Array>, format: TestsetFileFormat, onRow: TestsetRowSink): Promise<TestsetFileProblem | null> {
  const source = content[Symbol.asyncIterator]();
  return format === 'csv' ? readCsv(source, onRow) : readJson(source, onRow);
}
