import { DomainError } from '@crucible/domain';
import type { TestsetRepository } from '../testsets/ports';
import type { RowRun, RunStoragePolicy } from './ports';
import type { PendingRow } from './row-batches';

/** A stored row run as one number: the key `pendingTestsetRows` skips by. */
export const rowRunKey = (run: RowRun, repetitions: number): number => run.rowIndex * repetitions + run.repetition - 1;

/**
 * The runs of rows of the test-set version a run is pinned to that it has not stored yet (each row `repetitions` times,
 * one after the other), read by keyset pages (row index), skipping the stored ones (`rowRunKey`): all at first, the rest
 * after a resume. Versions never change, so only a deleted set fails the run.
 * The next page is asked for as soon as a page arrives, so that reading it never holds the window up.
 */
export async function* pendingTestsetRows(
  testsets: TestsetRepository, projectId: string, testsetId: string, version: number, count: number, stored: ReadonlySet<number>,
  policy: Pick<RunStoragePolicy, 'rowPageSize' | 'firstRowPageSize'>, repetitions = 1,
): AsyncIterable<PendingRow> {
  const pageSize = (from: number) => (from === 0 ? policy.firstRowPageSize : policy.rowPageSize);
  const read = (from: number) => {
    const page = testsets.readRows(projectId, testsetId, version, from, Math.min(pageSize(from), count - from));
    // Awaited when its rows are due; a run stopped before then must not leave its failure unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next = count > 0 ? read(0) : null;
  for (let from = 0; from < count; from += pageSize(from)) {
    const page = await next!;
    const after = from + pageSize(from);
    next = after < count ? read(after) : null;
    if (page.length < Math.min(pageSize(from), count - from)) {
      throw new DomainError('rule_violation', `testset ${testsetId} was deleted while it was being run`);
    }
    for (const { index, row } of page) {
      for (let repetition = 1; repetition <= repetitions; repetition += 1) {
        if (!stored.has(rowRunKey({ rowIndex: index, repetition }, repetitions))) yield { index, row, repetition };
      }
    }
  }
}
