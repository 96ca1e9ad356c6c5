import { DomainError } from '@crucible/domain';
import type { TestsetRepository } from '../testsets/ports';
import type { PendingRow } from './row-batches';

/** Rows read per query: a page of a 100 000-row set, never the whole set. */
export const ROW_PAGE_SIZE = 2000;

/**
 * The test-set rows a run has not stored yet, read by keyset pages (row index), skipping the stored ones:
 * all rows at first, the rest after a resume. A set that shrinks or disappears meanwhile fails the run.
 */
export async function* pendingTestsetRows(
  testsets: TestsetRepository, projectId: string, testsetId: string, count: number, stored: ReadonlySet<number>,
): AsyncIterable<PendingRow> {
  for (let from = 0; from < count; from += ROW_PAGE_SIZE) {
    const page = await testsets.readRows(projectId, testsetId, from, Math.min(ROW_PAGE_SIZE, count - from));
    if (page.length < Math.min(ROW_PAGE_SIZE, count - from)) {
      throw new DomainError('rule_violation', `testset ${testsetId} changed or was deleted while it was being run`);
    }
    for (const { index, row } of page) if (!stored.has(index)) yield { index, row };
  }
}
