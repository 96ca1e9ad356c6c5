import Table from 'cli-table3';

/** One line of the bench's table: a figure measured through Crucible against a baseline measured in the same run. */
export interface BenchRow {
  benchmark: string;
  engine: string;
  /** What was measured, with its unit, e.g. "512 req/s, p99 80 ms". */
  measured: string;
  baseline: string;
  /** Crucible against the baseline, worded with its direction, e.g. "62 % of bare" or "1.04× bare wall". */
  ratio: string;
  goal: string;
  met: boolean;
}

export function printTable(rows: readonly BenchRow[]): void {
  const table = new Table({ style: { head: [], border: [] }, head: ['benchmark', 'engine', 'Crucible', 'baseline (same run)', 'ratio', 'goal', 'met'] });
  for (const row of rows) {
    table.push([row.benchmark, row.engine, row.measured, row.baseline, row.ratio, row.goal, row.met ? 'yes' : 'NO']);
  }
  process.stdout.write(`${table.toString()}\n`);
}

export const percent = (fraction: number): string => `${(fraction * 100).toFixed(0)} %`;
