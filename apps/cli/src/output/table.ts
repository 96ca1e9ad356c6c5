import Table from 'cli-table3';

/** A table for people: boxed on a terminal, plain columns when piped (no colours either way). */
export function renderTable(head: string[], rows: Array<Array<string | number>>, stream: NodeJS.WriteStream = process.stdout): string {
  const table = new Table({
    head, style: { head: [], border: [] },
    ...(stream.isTTY ? {} : {
      chars: {
        top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
        'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
      },
    }),
  });
  for (const row of rows) table.push(row.map(String));
  return table.toString();
}

export const formatScore = (value: unknown): string =>
  typeof value === 'number' ? value.toFixed(3) : typeof value === 'boolean' ? String(value) : value === null || value === undefined ? '—' : String(value);
export const formatCost = (usd: number | null | undefined): string => (typeof usd === 'number' ? `$${usd.toPrecision(3)}` : '—');
export const formatSeconds = (seconds: number | null | undefined): string => (typeof seconds === 'number' ? `${(seconds * 1000).toFixed(0)} ms` : '—');
