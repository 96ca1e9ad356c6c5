export type CsvCell = string | number | boolean | null | undefined;

/**
 * A text cell a spreadsheet would read as a formula (= + - @, or a leading tab / carriage return) gets a
 * leading apostrophe (OWASP "CSV injection"); numbers are left alone, so -3 stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a field holding a comma, quote, line break or edge whitespace is quoted, quotes doubled. */
function csvField(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CRLF-terminated line. */
export const csvLine = (cells: CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** A header row of `columns`, then one line per record, written a page of records at a time. */
export async function* csvTable<T>(
  columns: string[], pages: AsyncIterable<T[]>, record: (item: T) => Record<string, CsvCell>,
): AsyncGenerator<string> {
  yield csvLine(columns);
  for await (const page of pages) {
    yield page.map((item) => {
      const cells = record(item);
      return csvLine(columns.map((column) => cells[column]));
    }).join('');
  }
}
