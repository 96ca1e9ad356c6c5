import type { RateLimit } from '@crucible/domain';

export type Row = Record<string, unknown>;

export interface PendingRow {
  row: Row;
  index: number;
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
 * (a keyset walk over the test set), pulled only as fast as they run.
 */
export function runRows<S>(
  rows: AsyncIterable<PendingRow>,
  rateLimit: Pick<RateLimit, 'batchSize' | 'delayBetweenBatchesSeconds'>,
  work: RowWork<S>,
): Promise<RowsOutcome> {
  return rateLimit.delayBetweenBatchesSeconds > 0
    ? runOneBatch(rows, rateLimit.batchSize, rateLimit.delayBetweenBatchesSeconds * 1000, work)
    : runInWindow(rows, rateLimit.batchSize, work);
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

/**
 * Rows one write may take when more have finished than `batchSize` (a slow database gets fewer, bigger writes), and
 * the most finished rows a wider window waits for before it writes.
 */
const ROWS_PER_WRITE_AT_LEAST = 100;
/**
 * How long `batchSize` finished rows (100 in a wider window) wait for more before they are written. Rows that come
 * fast then go in fewer, bigger writes (a write's own cost, its statement, progress update and commit, is paid once
 * for them all); rows that come slowly are written as before, this much later.
 */
const GATHER_MS = 25;
/**
 * How long the window goes on starting rows while the stop check it asked for is unanswered. On a single database
 * session (PGlite) the check waits behind the write in flight, which outlasts a batch when rows are fast: waiting for
 * it a batch later stalled a 20-row window for a tenth of its time, and the app ran out of rows.
 */
const CHECK_PATIENCE_MS = 100;
/**
 * The least time between two stop checks. Asked every batch, a 20-row window running a thousand rows a second asked
 * fifty times a second, each question a query waiting its turn on PGlite's one session.
 */
const CHECK_EVERY_MS = 50;

async function runInWindow<S>(rows: AsyncIterable<PendingRow>, width: number, work: RowWork<S>): Promise<RowsOutcome> {
  if (await work.stopped()) return { kind: 'stopped' };
  // Rows running, and the loop waiting for one of them to end. Not `Promise.race` over the rows: that adds a reaction
  // to every running row's promise per row started, O(batch size) work and garbage for each row.
  let running = 0;
  let slotFreed: (() => void) | null = null;
  const untilOneEnds = () => new Promise<void>((resolve) => { slotFreed = resolve; });
  const done: S[] = [];
  let halted = false;
  let yielded = false;
  let failure: { error: unknown } | null = null;
  let launched = 0;
  const fail = (error: unknown) => { failure ??= { error }; };
  // One write at a time; the rows that finish while it runs go in the next one, up to `rowsPerWrite`. Finished rows
  // wait for a write only up to twice that: then the window starts no row until the write in flight ends. Without a
  // bound, a database slower than the app would hold every finished row of the test set.
  const rowsPerWrite = Math.max(width, ROWS_PER_WRITE_AT_LEAST);
  // A wide window writes once 100 rows have finished, not a window's worth: at `batch_size` 1 000 a run showed no
  // progress (and stored no row) until its first 1 000 rows were done. Its writes still take up to `rowsPerWrite` rows
  // when that many wait.
  const rowsToWrite = Math.min(width, ROWS_PER_WRITE_AT_LEAST);
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
    else if (done.length >= rowsToWrite && !writing && !gathering) gathering = setTimeout(write, GATHER_MS);
  };
  // Each batch's worth of rows asks whether the run was stopped, as a lockstep batch would (but not twice within
  // CHECK_EVERY_MS), and uses the answer a batch later, or as soon as it comes once the question is CHECK_PATIENCE_MS
  // old. A stop ends the run within two batches' worth of rows, or, when batches are faster, within both times and
  // two batches.
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
      if (check && (check.answered || performance.now() - lastAskedAt >= CHECK_PATIENCE_MS)) {
        if (await check.answer) {
          halted = true;
          break;
        }
        check = null;
      }
      if (!check && performance.now() - lastAskedAt >= CHECK_EVERY_MS) check = ask();
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
