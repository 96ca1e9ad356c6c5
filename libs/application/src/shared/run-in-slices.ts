import type { Steps } from '@crucible/domain';

/**
 * Runs a computation written in slices, handing the event loop back (setImmediate) after each one, so requests
 * such as /health are served while it computes. Same slices, same answer as running it at once.
 */
export async function runInSlices<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
