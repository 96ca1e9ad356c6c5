import { DomainError } from '@crucible/domain';
import type { TestsetRepository } from '../testsets/ports';
import type { RunStoragePolicy } from './ports';
import type { PendingRow } from './row-batches';

/**
 * The rows of the test-set version a run is pinned to that it has not stored yet, read by keyset pages (row index), skipping the stored ones:
 * all rows at first, the rest after a resume. Versions never change, so only a deleted set fails the run.
 * The next page is asked for as soon as a page arrives, so that reading it never holds the window up.
 */
export async function* pendingTestsetRows(
  testsets: TestsetRepository, projectId: string, testsetId: string, version: number, count: number, stored: ReadonlySet<number>,
  policy: Pick<RunStoragePolicy, 'rowPageSize' | 'firstRowPageSize'>,
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
    for (const { index, row } of page) if (!stored.has(index)) yield { index, row };
  }
}
