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

/**
 * The rows several versions of a test set share, matched by content (`keys[v][i]`: the content key of row `i` of
 * version `v`; a row present twice is matched twice, in order). Answers, per version, its index of each shared row →
 * that row's index in the first version, which is how rows of evaluations run on different versions are paired.
 */
export function sharedRowIndexes(keys: ReadonlyArray<readonly string[]>): Array<Map<number, number>> {
  const occurrences = keys.map((versionKeys) => {
    const seen = new Map<string, number>();
    return versionKeys.map((key) => {
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      return `${n} ${key}`;
    });
  });
  const [first = [], ...rest] = occurrences;
  const restSets = rest.map((versionKeys) => new Set(versionKeys));
  const firstIndexOf = new Map<string, number>();
  first.forEach((key, index) => {
    if (restSets.every((set) => set.has(key))) firstIndexOf.set(key, index);
  });
  return occurrences.map((versionKeys) => {
    const mapped = new Map<number, number>();
    versionKeys.forEach((key, index) => {
      const firstIndex = firstIndexOf.get(key);
      if (firstIndex !== undefined) mapped.set(index, firstIndex);
    });
    return mapped;
  });
}
