import { DomainError } from '@crucible/domain';
import type { TestsetRepository } from '../testsets/ports';
import type { PendingRow } from './row-batches';

/** Rows read per query: a page of a 100 000-row set, never the whole set. */
export const ROW_PAGE_SIZE = 2000;
/**
 * The first page is smaller: the run waits for it before its first row starts, and reading (and parsing) a page of
 * 2 000 rows held that start up by 20–40 ms on PGlite. The next page is asked for as soon as it arrives.
 */
export const FIRST_PAGE_SIZE = 100;

/**
 * The test-set rows a run has not stored yet, read by keyset pages (row index), skipping the stored ones:
 * all rows at first, the rest after a resume. A set that shrinks or disappears meanwhile fails the run.
 * The next page is asked for as soon as a page arrives: on PGlite's one session the read waits behind the write in
 * flight, and read only when the rows ran out it held the window up for as long (~25 ms every 2 000 rows).
 */
export async function* pendingTestsetRows(
  testsets: TestsetRepository, projectId: string, testsetId: string, count: number, stored: ReadonlySet<number>,
): AsyncIterable<PendingRow> {
  const pageSize = (from: number) => (from === 0 ? FIRST_PAGE_SIZE : ROW_PAGE_SIZE);
  const read = (from: number) => {
    const page = testsets.readRows(projectId, testsetId, from, Math.min(pageSize(from), count - from));
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
      throw new DomainError('rule_violation', `testset ${testsetId} changed or was deleted while it was being run`);
    }
    for (const { index, row } of page) if (!stored.has(index)) yield { index, row };
  }
}
