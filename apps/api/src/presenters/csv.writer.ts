export type CsvCell = string | number | boolean | null | undefined;

/** RFC 4180: a field holding a comma, quote, line break or edge whitespace is quoted, quotes doubled. */
function csvField(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row of `columns`, then one line per record, CRLF-terminated. */
export function toCsv(columns: string[], records: Array<Record<string, CsvCell>>): string {
  const lines = [columns, ...records.map((record) => columns.map((column) => record[column]))];
  return lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}
