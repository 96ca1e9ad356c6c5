import type { RateLimit } from '@crucible/domain';
import { sleep } from './invoke-with-retries';

export type Row = Record<string, unknown>;

export interface PendingRow {
  row: Row;
  index: number;
}

/** The test-set rows a run has not stored yet: all of them at first, the rest after a resume. */
export function pendingRows(rows: readonly Row[], storedIndexes: readonly number[]): PendingRow[] {
  const stored = new Set(storedIndexes);
  return rows.map((row, index) => ({ row, index })).filter(({ index }) => !stored.has(index));
}

/**
 * Runs the rows `batchSize` at a time, `delayBetweenBatchesSeconds` apart, checking `stopped()` before each
 * batch (cancelled, deleted, or taken over). Answers whether every batch ran.
 */
export async function runInBatches(
  pending: PendingRow[],
  rateLimit: Pick<RateLimit, 'batchSize' | 'delayBetweenBatchesSeconds'>,
  stopped: () => Promise<boolean>,
  runBatch: (batch: PendingRow[]) => Promise<void>,
): Promise<boolean> {
  for (let start = 0; start < pending.length; start += rateLimit.batchSize) {
    if (start > 0) await sleep(rateLimit.delayBetweenBatchesSeconds * 1000);
    if (await stopped()) return false;
    await runBatch(pending.slice(start, start + rateLimit.batchSize));
  }
  return true;
}
