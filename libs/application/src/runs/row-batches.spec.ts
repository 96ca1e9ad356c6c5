import { IN_MEMORY_RUN_STORAGE_POLICY as policy } from '../testing/in-memory-run-storage-policy';
import { type PendingRow, runRows } from './row-batches';

async function* rowsOf(count: number): AsyncIterable<PendingRow> {
  for (let index = 0; index < count; index += 1) yield { index, row: { n: index }, repetition: 1 };
}

/** A row's work that finishes when the test says so, recording how many run at once. */
function controlledWork() {
  const started: number[] = [];
  const stored: number[][] = [];
  const release = new Map<number, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  return {
    started, stored, release, mostAtOnce: () => mostAtOnce,
    work: {
      runRow: async (item: PendingRow) => {
        started.push(item.index);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise<void>((resolve) => release.set(item.index, resolve));
        running -= 1;
        return item.index;
      },
      store: async (done: number[]) => {
        stored.push([...done]);
      },
      stopped: async () => false,
    },
  };
}

const ALL_RAN = { kind: 'all_ran' };
const STOPPED = { kind: 'stopped' };

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** Fails rather than hangs when the window never gets there. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 1) {
    if (waited === 2000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await tick();
}

describe('runRows', () => {
  it('keeps batch_size rows in flight without delay: a slow row does not hold the next ones back', async () => {
    const { work, started, stored, release, mostAtOnce } = controlledWork();
    const run = runRows(rowsOf(10), { batchSize: 3, delayBetweenBatchesSeconds: 0 }, work, policy);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    release.get(1)!();
    release.get(2)!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]); // row 0 is still running
    for (let index = 0; index < 10; index += 1) {
      release.get(index)?.();
      await settle();
    }
    expect(await run).toEqual(ALL_RAN);
    expect(mostAtOnce()).toBe(3);
    expect(stored.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stored.every((batch) => batch.length >= 3 || batch === stored[stored.length - 1])).toBe(true);
  });

  it('writes one batch at a time: rows that finish meanwhile go in the next write, all of them', async () => {
    const { work: rowWork, release } = controlledWork();
    const stored: number[][] = [];
    let writesAtOnce = 0;
    let mostWritesAtOnce = 0;
    const releaseWrite: Array<() => void> = [];
    const work = {
      ...rowWork,
      store: async (done: number[]) => {
        writesAtOnce += 1;
        mostWritesAtOnce = Math.max(mostWritesAtOnce, writesAtOnce);
        await new Promise<void>((resolve) => releaseWrite.push(resolve));
        stored.push([...done]);
        writesAtOnce -= 1;
      },
    };
    const run = runRows(rowsOf(30), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, work, policy);
    await settle();
    release.get(0)!();
    release.get(1)!();
    await waitFor(() => releaseWrite.length === 1); // rows 0 and 1, written after waiting a little for more
    for (let index = 2; index < 30; index += 1) {
      await waitFor(() => release.has(index));
      release.get(index)!();
    }
    releaseWrite.shift()!();
    await waitFor(() => releaseWrite.length === 1);
    releaseWrite.shift()!();
    expect(await run).toEqual(ALL_RAN);
    expect(mostWritesAtOnce).toBe(1);
    expect(stored).toEqual([[0, 1], Array.from({ length: 28 }, (_, i) => i + 2)]);
  });

  it('gathers rows that come fast into fewer, bigger writes', async () => {
    const stored: number[][] = [];
    const work = {
      runRow: async (item: PendingRow) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return item.index;
      },
      store: async (done: number[]) => {
        stored.push([...done]);
      },
      stopped: async () => false,
    };
    expect(await runRows(rowsOf(200), { batchSize: 5, delayBetweenBatchesSeconds: 0 }, work, policy)).toEqual(ALL_RAN);
    expect(stored.flat()).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(stored.length).toBeLessThan(20); // 5 rows at a time would be 40 writes
  });

  it('writes the rows of a wide window 100 at a time as they finish, not once a whole window is done', async () => {
    const { work, started, stored, release } = controlledWork();
    const run = runRows(rowsOf(600), { batchSize: 500, delayBetweenBatchesSeconds: 0 }, work, policy);
    await settle();
    expect(started).toHaveLength(500);
    for (let index = 0; index < 100; index += 1) release.get(index)!();
    await waitFor(() => stored.length === 1); // after waiting a little for more
    expect(stored[0]).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (let index = 100; index < 600; index += 1) {
      await waitFor(() => release.has(index));
      release.get(index)!();
    }
    expect(await run).toEqual(ALL_RAN);
    expect(stored.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });

  it('starts no row while too many finished rows wait for a slow write', async () => {
    const started: number[] = [];
    let slow = true;
    const releaseWrite: Array<() => void> = [];
    const work = {
      runRow: async (item: PendingRow) => {
        started.push(item.index);
        return item.index;
      },
      store: (_done: number[]) => (slow ? new Promise<void>((resolve) => releaseWrite.push(resolve)) : Promise.resolve()),
      stopped: async () => false,
    };
    const run = runRows(rowsOf(1000), { batchSize: 1, delayBetweenBatchesSeconds: 0 }, work, policy);
    for (let i = 0; i < 30; i += 1) await tick();
    // 100 rows in the write (the most one may take), at most 200 waiting, one more in the window.
    expect(releaseWrite).toHaveLength(1);
    expect(started.length).toBeGreaterThan(200);
    expect(started.length).toBeLessThanOrEqual(301);
    slow = false;
    releaseWrite[0]!();
    expect(await run).toEqual(ALL_RAN);
    expect(started).toHaveLength(1000);
  });

  it('runs one batch per delivery when a delay between batches is asked for, and leaves the wait to the queue', async () => {
    const { work, started, stored, release } = controlledWork();
    const run = runRows(rowsOf(4), { batchSize: 2, delayBetweenBatchesSeconds: 3600 }, work, policy);
    await tick();
    expect(started).toEqual([0, 1]);
    release.get(1)!();
    await settle();
    expect(stored).toEqual([]); // the batch waits for its slowest row
    release.get(0)!();
    expect(await run).toEqual({ kind: 'paused', resumeAfterMs: 3_600_000 });
    expect(started).toEqual([0, 1]);
    expect(stored).toEqual([[0, 1]]);
  });

  it('answers all_ran after the last batch of a delayed run, without waiting', async () => {
    const { work, started, stored, release } = controlledWork();
    const run = runRows(rowsOf(3), { batchSize: 3, delayBetweenBatchesSeconds: 3600 }, work, policy);
    await tick();
    [0, 1, 2].forEach((index) => release.get(index)!());
    expect(await run).toEqual(ALL_RAN);
    expect(started).toEqual([0, 1, 2]);
    expect(stored).toEqual([[0, 1, 2]]);
    expect(await runRows(rowsOf(0), { batchSize: 3, delayBetweenBatchesSeconds: 3600 }, work, policy)).toEqual(ALL_RAN);
  });

  it('gives its slot back at a batch boundary when asked: the rows in flight end and are stored, the rest wait', async () => {
    const { work, started, stored, release } = controlledWork();
    let asked = 0;
    const yieldRequested = () => {
      asked += 1;
      return true;
    };
    const run = runRows(rowsOf(50), { batchSize: 3, delayBetweenBatchesSeconds: 0 }, { ...work, yieldRequested }, policy);
    await waitFor(() => started.length === 3);
    expect(asked).toBe(0); // never before the first batch: every delivery makes progress
    release.get(0)!();
    await settle();
    release.get(1)!();
    release.get(2)!();
    expect(await run).toEqual({ kind: 'paused', resumeAfterMs: 0 });
    expect(started).toEqual([0, 1, 2]);
    expect(stored.flat().sort()).toEqual([0, 1, 2]);
  });

  describe('stop checks', () => {
    // Only the clock the window reads: the test's own waits use real timers.
    beforeEach(() => jest.useFakeTimers({
      doNotFake: ['setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'nextTick', 'queueMicrotask'],
    }));
    afterEach(() => jest.useRealTimers());

    it('stops starting rows once the run is stopped, and says so', async () => {
      const { work: rowWork, started, release } = controlledWork();
      const work = { ...rowWork, stopped: async () => started.length >= 10 };
      const run = runRows(rowsOf(50), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, work, policy);
      // Batches 50 ms apart: each one asks.
      const releaseAll = setInterval(() => {
        jest.advanceTimersByTime(50);
        release.forEach((resolve) => resolve());
      }, 1);
      try {
        expect(await run).toEqual(STOPPED);
      } finally {
        clearInterval(releaseAll);
      }
      // Asked every 2 rows, the answer awaited 2 rows later: rows 11 and 12 start before the stop is seen.
      expect(started).toHaveLength(12);
    });

    it('asks at most every 50 ms when batches come faster', async () => {
      const { work: rowWork, started, release } = controlledWork();
      let questions = 0;
      let stop = false;
      const work = { ...rowWork, stopped: async () => { questions += 1; return stop; } };
      const run = runRows(rowsOf(1000), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, work, policy);
      const releaseAll = setInterval(() => release.forEach((resolve) => resolve()), 1);
      try {
        await waitFor(() => started.length >= 20);
        expect(questions).toBe(1); // the one before the first row: the clock has not moved since
        stop = true;
        jest.advanceTimersByTime(50);
        expect(await run).toEqual(STOPPED);
        expect(questions).toBe(2);
        expect(started.length).toBeLessThan(1000);
      } finally {
        clearInterval(releaseAll);
      }
    });
  });

  describe('a stop check slow to answer (PGlite answers it after the write in flight)', () => {
    // Only the clock the window reads: the test's own waits use real timers.
    beforeEach(() => jest.useFakeTimers({
      doNotFake: ['setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'nextTick', 'queueMicrotask'],
    }));
    afterEach(() => jest.useRealTimers());

    function slowChecks() {
      const answers: Array<(stopped: boolean) => void> = [];
      const stopped = () => new Promise<boolean>((resolve) => answers.push(resolve));
      return { answers, stopped };
    }

    it('goes on starting rows while the answer is young, asks nothing more meanwhile, and stops on it', async () => {
      const { work: rowWork, started, release } = controlledWork();
      const { answers, stopped } = slowChecks();
      const run = runRows(rowsOf(50), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, { ...rowWork, stopped }, policy);
      await settle();
      answers[0]!(false); // the check before the first row
      await settle();
      jest.advanceTimersByTime(50); // the next one may be asked
      const releaseAll = setInterval(() => release.forEach((resolve) => resolve()), 1);
      try {
        await waitFor(() => started.length >= 10);
        expect(answers).toHaveLength(2); // the one asked after the first batch is still unanswered
        const startedBeforeTheAnswer = started.length;
        answers[1]!(true);
        expect(await run).toEqual(STOPPED);
        expect(started.length).toBeLessThanOrEqual(startedBeforeTheAnswer + 2);
      } finally {
        clearInterval(releaseAll);
      }
    });

    it('waits for the answer once the question is 100 ms old', async () => {
      const { work: rowWork, started, release } = controlledWork();
      const { answers, stopped } = slowChecks();
      const run = runRows(rowsOf(50), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, { ...rowWork, stopped }, policy);
      await settle();
      answers[0]!(false);
      await settle();
      jest.advanceTimersByTime(50);
      release.get(0)!(); // row 2 starts, and the window asks
      release.get(1)!();
      await settle();
      expect(answers).toHaveLength(2);
      jest.advanceTimersByTime(100);
      for (let round = 0; round < 3; round += 1) {
        release.forEach((resolve) => resolve());
        await settle();
      }
      expect(started).toHaveLength(4); // held at the next batch's start until the answer comes
      const answerAll = setInterval(() => {
        answers.forEach((answer) => answer(false));
        release.forEach((resolve) => resolve());
      }, 1);
      try {
        expect(await run).toEqual(ALL_RAN);
        expect(started).toHaveLength(50);
      } finally {
        clearInterval(answerAll);
      }
    });
  });

  it('fails when storing fails, after the rows in flight end', async () => {
    const { work, release } = controlledWork();
    const failing = { ...work, store: async () => { throw new Error('database down'); } };
    const run = runRows(rowsOf(6), { batchSize: 2, delayBetweenBatchesSeconds: 0 }, failing, policy);
    const releaseAll = setInterval(() => release.forEach((resolve) => resolve()), 1);
    try {
      await expect(run).rejects.toThrow('database down');
    } finally {
      clearInterval(releaseAll);
    }
  });
});
