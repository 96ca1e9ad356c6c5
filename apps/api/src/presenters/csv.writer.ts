import { type Options, stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 with CRLF lines; a text cell a spreadsheet would run as a formula (= + - @, a leading tab or carriage
 * return) gets a leading apostrophe (OWASP "CSV injection"), while a number such as -3 stays a number.
 */
const CSV_OPTIONS: Options = {
  escape_formulas: true,
  record_delimiter: 'windows',
  // With a record delimiter set, csv-stringify quotes only that one; a lone \n or \r inside a cell needs quotes too.
  quote_record_delimiter: true,
  cast: { boolean: (value) => String(value) },
};

/** One CRLF-terminated line. */
export const csvLine = (cells: CsvCell[]): string => stringify([cells], CSV_OPTIONS);

/** A header row of `columns`, then one line per record, written a page of records at a time. */
export async function* csvTable<T>(
  columns: string[], pages: AsyncIterable<T[]>, record: (item: T) => Record<string, CsvCell>,
): AsyncGenerator<string> {
  yield csvLine(columns);
  for await (const page of pages) {
    yield stringify(page.map((item) => {
      const cells = record(item);
      return columns.map((column) => cells[column]);
    }), CSV_OPTIONS);
  }
}
