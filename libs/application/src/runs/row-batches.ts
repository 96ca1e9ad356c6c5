import type { RateLimit } from '@crucible/domain';
import type { RunStoragePolicy } from './ports';

export type Row = Record<string, unknown>;

export interface PendingRow {
  row: Row;
  index: number;
  /** Which run of the row this is, 1-based. */
  repetition: number;
}

/** What a run does with its rows: one row at a time, stored at least `batchSize` rows at a time (but the last). */
export interface RowWork<S> {
  /** Invokes and judges one row; never throws for a failing application (that is a result). */
  runRow(item: PendingRow): Promise<S>;
  /** Stores finished rows in one write. */
  store(done: S[]): Promise<void>;
  /** Whether the run was cancelled, deleted or taken over; checked before each batch's worth of rows. */
  stopped(): Promise<boolean>;
  /** Whether to give the slot back after this batch's worth of rows (the queue's `JobSlot`); never before the first. */
  yieldRequested?(): boolean;
}

/**
 * How far one delivery got: every row ran, the run was stopped, or it paused (rows stored so far are kept) and wants
 * to be delivered again `resumeAfterMs` from now: after the delay between batches, or at once when it gave way.
 */
export type RowsOutcome = { kind: 'all_ran' } | { kind: 'stopped' } | { kind: 'paused'; resumeAfterMs: number };

/**
 * Runs the pending rows `batchSize` at a time. Without `delayBetweenBatchesSeconds`, as a sliding window:
 * a new row starts as soon as one finishes, so one slow row never holds up the others; it pauses at a batch's
 * boundary when `yieldRequested` says so. With a delay, one batch per delivery, then a pause of `delay`: the wait
 * is the queue's (a timer, a delayed job), never a sleep that holds a slot. Rows arrive from an async source
 * (a keyset walk over the test set), pulled only as fast as they run; `policy` paces writes and stop checks.
 */
export function runRows<S>(
  rows: AsyncIterable<PendingRow>,
  rateLimit: Pick<RateLimit, 'batchSize' | 'delayBetweenBatchesSeconds'>,
  work: RowWork<S>,
  policy: RunStoragePolicy,
): Promise<RowsOutcome> {
  return rateLimit.delayBetweenBatchesSeconds > 0
    ? runOneBatch(rows, rateLimit.batchSize, rateLimit.delayBetweenBatchesSeconds * 1000, work)
    : runInWindow(rows, rateLimit.batchSize, work, policy);
}

async function runOneBatch<S>(rows: AsyncIterable<PendingRow>, size: number, delayMs: number, work: RowWork<S>): Promise<RowsOutcome> {
  const pending = rows[Symbol.asyncIterator]();
  try {
    const batch: PendingRow[] = [];
    while (batch.length < size) {
      const next = await pending.next();
      if (next.done) break;
      batch.push(next.value);
    }
    if (batch.length === 0) return { kind: 'all_ran' };
    if (await work.stopped()) return { kind: 'stopped' };
    await work.store(await Promise.all(batch.map((item) => work.runRow(item))));
    // Stored rows are skipped on the next delivery; only whether any row is left decides between pausing and finishing.
    return (await pending.next()).done ? { kind: 'all_ran' } : { kind: 'paused', resumeAfterMs: delayMs };
  } finally {
    await pending.return?.();
  }
}

async function runInWindow<S>(rows: AsyncIterable<PendingRow>, width: number, work: RowWork<S>, policy: RunStoragePolicy): Promise<RowsOutcome> {
  if (await work.stopped()) return { kind: 'stopped' };
  // Rows running, and the loop waiting for one to end: a count, not `Promise.race` (O(batch size) per row started).
  let running = 0;
  let slotFreed: (() => void) | null = null;
  const untilOneEnds = () => new Promise<void>((resolve) => { slotFreed = resolve; });
  const done: S[] = [];
  let halted = false;
  let yielded = false;
  let failure: { error: unknown } | null = null;
  let launched = 0;
  const fail = (error: unknown) => { failure ??= { error }; };
  // One write at a time, taking up to `rowsPerWrite` of the rows finished meanwhile; twice that waiting stops the window.
  const rowsPerWrite = Math.max(width, policy.rowsPerWriteAtLeast);
  // A wide window writes before a window's worth is done, so a run shows progress from its first rows.
  const rowsToWrite = Math.min(width, policy.rowsPerWriteAtLeast);
  let writing: Promise<void> | null = null;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  const write = (): void => {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    if (writing || done.length === 0 || failure) return;
    const finished = done.splice(0, rowsPerWrite);
    writing = work.store(finished).then(
      () => {
        writing = null;
        writeWhenDue();
      },
      (error: unknown) => {
        writing = null;
        fail(error);
      },
    );
  };
  const writeWhenDue = (): void => {
    if (done.length >= rowsPerWrite) write();
    else if (done.length >= rowsToWrite && !writing && !gathering) gathering = setTimeout(write, policy.gatherMs);
  };
  // Each batch's worth of rows asks whether the run was stopped (at most every `checkEveryMs`) and uses the answer a
  // batch later, or once it is `checkPatienceMs` old: a stop ends the run within two batches, or both times and two.
  // No question is asked while one is pending, so the pending one is the one asked at `lastAskedAt`.
  let check: { answer: Promise<boolean>; answered: boolean } | null = null;
  let lastAskedAt = performance.now();
  const ask = () => {
    lastAskedAt = performance.now();
    const asked = { answer: work.stopped(), answered: false };
    // Its failure is the run's, told when the answer is awaited; until then it must not count as unhandled.
    asked.answer.then(() => { asked.answered = true; }, () => { asked.answered = true; });
    return asked;
  };

  for await (const item of rows) {
    if (failure) break;
    if (launched > 0 && launched % width === 0) {
      // The row just pulled is not started: it is still pending, and the next delivery starts with it.
      if (work.yieldRequested?.()) {
        yielded = true;
        break;
      }
      if (check && (check.answered || performance.now() - lastAskedAt >= policy.checkPatienceMs)) {
        if (await check.answer) {
          halted = true;
          break;
        }
        check = null;
      }
      if (!check && performance.now() - lastAskedAt >= policy.checkEveryMs) check = ask();
    }
    launched += 1;
    running += 1;
    void work.runRow(item).then((scenario) => {
      done.push(scenario);
      writeWhenDue();
    }, fail).finally(() => {
      running -= 1;
      slotFreed?.();
      slotFreed = null;
    });
    // Pull the next row only when a slot is free and the backlog is within bounds: the window, not the test set,
    // sizes memory.
    if (running >= width) await untilOneEnds();
    while (writing && done.length >= 2 * rowsPerWrite) await writing;
  }
  while (running > 0) await untilOneEnds();
  // A write's end may start the next one itself, or leave the rest gathering: either way, write until none is left.
  for (write(); writing; write()) await writing;
  if (check && !halted) halted = await check.answer;
  if (failure) throw (failure as { error: unknown }).error;
  if (halted) return { kind: 'stopped' };
  return yielded ? { kind: 'paused', resumeAfterMs: 0 } : { kind: 'all_ran' };
}
