import type { TestsetRow } from './testset';

/** How a version came about; `before_versioning` is the rows a test set had when versions began (migration). */
export type TestsetChange = 'created' | 'uploaded' | 'rows_replaced' | 'before_versioning';

/** One immutable version of a test set's rows, as its history lists it: the rows are counted, never loaded. */
export interface TestsetVersion {
  testsetId: string;
  version: number;
  columns: string[];
  rowsCount: number;
  change: TestsetChange;
  /** The API key that made it; null for versions made before versions were recorded. */
  createdBy: string | null;
  createdAt: Date;
}

/** Who makes a version and how: stored with the version it makes. */
export interface TestsetVersionStamp {
  change: TestsetChange;
  createdBy: string;
}

export interface ChangedRow {
  /** Index of the row in the older version and in the newer one. */
  fromIndex: number;
  toIndex: number;
  from: TestsetRow;
  to: TestsetRow;
}

export interface TestsetDiff {
  added: Array<{ index: number; row: TestsetRow }>;
  removed: Array<{ index: number; row: TestsetRow }>;
  changed: ChangedRow[];
  /** Rows found, by content, in both versions. */
  unchangedCount: number;
}

/**
 * A row's identity across versions: its content (every column's value, keys in a fixed order), so that a row moved
 * or kept through an edit is the same row, and one whose input or ground truth changed is not.
 */
export const rowContentKey = (row: TestsetRow): string =>
  JSON.stringify(Object.keys(row).sort().map((column) => [column, row[column]]));

/**
 * What changed from `from` to `to`, rows matched by content (a row present twice is matched twice). Rows only in
 * `from` and rows only in `to` at the same index are paired as one changed row (an edit in place); the rest are
 * removed or added.
 */
export function diffTestsetRows(from: readonly TestsetRow[], to: readonly TestsetRow[]): TestsetDiff {
  const unmatched = new Map<string, number[]>();
  from.forEach((row, index) => {
    const key = rowContentKey(row);
    unmatched.set(key, [...(unmatched.get(key) ?? []), index]);
  });
  const added = new Map<number, TestsetRow>();
  let unchangedCount = 0;
  to.forEach((row, index) => {
    const same = unmatched.get(rowContentKey(row));
    if (same && same.length > 0) {
      same.shift();
      unchangedCount += 1;
    } else {
      added.set(index, row);
    }
  });
  const removed = new Map<number, TestsetRow>();
  for (const indexes of unmatched.values()) for (const index of indexes) removed.set(index, from[index]!);
  const changed: ChangedRow[] = [];
  for (const [index, row] of [...removed].sort(([a], [b]) => a - b)) {
    const replacement = added.get(index);
    if (replacement === undefined) continue;
    changed.push({ fromIndex: index, toIndex: index, from: row, to: replacement });
    removed.delete(index);
    added.delete(index);
  }
  const listed = (rows: Map<number, TestsetRow>) => [...rows].sort(([a], [b]) => a - b).map(([index, row]) => ({ index, row }));
  return { added: listed(added), removed: listed(removed), changed, unchangedCount };
}
