import { SingleBar } from 'cli-progress';

export interface ProgressSnapshot {
  done: number;
  total: number;
  errors: number;
}

export interface ProgressReporter {
  update(snapshot: ProgressSnapshot): void;
  stop(): void;
}

const rateAndEta = (snapshot: ProgressSnapshot, startedAt: number) => {
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? snapshot.done / seconds : 0;
  const eta = rate > 0 ? Math.ceil((snapshot.total - snapshot.done) / rate) : null;
  return { rate: rate.toFixed(1), remaining: eta === null ? '?' : `${eta}s` };
};

/**
 * A live bar (rows done/total, rate, ETA, errors) on a terminal; plain lines elsewhere (CI logs), one when the
 * count moves and at most every `everyMs`.
 */
export function createProgress(label: string, stream: NodeJS.WriteStream = process.stderr, everyMs = 2000): ProgressReporter {
  const startedAt = Date.now();
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream, hideCursor: true, clearOnComplete: false,
      format: `${label} [{bar}] {value}/{total} rows | {rate} rows/s | ETA {remaining} | errors {errors}`,
    });
    let started = false;
    return {
      update(snapshot) {
        const extra = { ...rateAndEta(snapshot, startedAt), errors: snapshot.errors };
        if (!started) {
          bar.start(snapshot.total, snapshot.done, extra);
          started = true;
        } else {
          bar.setTotal(snapshot.total);
          bar.update(snapshot.done, extra);
        }
      },
      stop: () => bar.stop(),
    };
  }
  let last = { done: -1, at: 0 };
  return {
    update(snapshot) {
      const finished = snapshot.done >= snapshot.total;
      if (snapshot.done === last.done || (!finished && Date.now() - last.at < everyMs)) return;
      last = { done: snapshot.done, at: Date.now() };
      const { rate, remaining } = rateAndEta(snapshot, startedAt);
      stream.write(`${label}: ${snapshot.done}/${snapshot.total} rows, ${rate} rows/s, ETA ${remaining}, errors ${snapshot.errors}\n`);
    },
    stop: () => undefined,
  };
}
