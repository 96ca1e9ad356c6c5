import { ApiUnavailableError } from './api';
import type { CliError } from './cli-error';

export interface OutageRetry {
  /** How long one outage may last before giving up (`--wait-retry-seconds`). */
  seconds: number;
  /** The error that ends the command when the api stays away: it says how to resume. */
  giveUp(cause: ApiUnavailableError): CliError;
}

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stderr.write(`crucible: ${line}\n`);

/**
 * Runs `attempt` again, backing off, while the api is unreachable or answers 429/502/503/504 (a restart, a deploy),
 * for up to `retry.seconds`; any other failure ends it at once.
 */
export async function throughOutages<T>(attempt: () => Promise<T>, retry: OutageRetry): Promise<T> {
  let outageStartedAt: number | undefined;
  let delayMs = FIRST_DELAY_MS;
  for (;;) {
    try {
      const value = await attempt();
      if (outageStartedAt !== undefined) say(`the api answers again after ${Math.round((Date.now() - outageStartedAt) / 1000)} s`);
      return value;
    } catch (error) {
      if (!(error instanceof ApiUnavailableError)) throw error;
      if (outageStartedAt === undefined) {
        outageStartedAt = Date.now();
        if (retry.seconds > 0) say(`${error.message}; retrying for up to ${retry.seconds} s`);
      }
      if (Date.now() - outageStartedAt + delayMs > retry.seconds * 1000) throw retry.giveUp(error);
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, LONGEST_DELAY_MS);
    }
  }
}
