import type { Api } from './api';
import { CliError } from './cli-error';
import { type OutageRetry, throughOutages } from './outage-retry';
import { createProgress } from '../output/progress';
import type { EvaluationStatus } from '@crucible/client';

const RUNNING = new Set(['EVALUATION_INITIALIZED', 'EVALUATION_STARTED']);
/** A poll the api does not answer in this time counts as an outage (a hung proxy, a stuck restart). */
const POLL_TIMEOUT_MS = 30_000;

export interface WaitOptions {
  timeoutSeconds: number;
  /** How long one api outage may last (`--wait-retry-seconds`). */
  retrySeconds: number;
  /** The command that resumes this wait, named when giving up. */
  resumeCommand: string;
  pollMs?: number;
}

/** The command ends but the evaluations do not: say which and how to pick them up again. */
const resumeAdvice = (reason: string, resumeCommand: string) =>
  new CliError(`${reason}; the evaluations keep running on the server: resume with \`${resumeCommand}\``);

/** Outage retries for every read of a wait: giving up names the command that resumes it. */
export const outageRetry = (retrySeconds: number, resumeCommand: string): OutageRetry => ({
  seconds: retrySeconds,
  giveUp: (cause) => resumeAdvice(`${cause.message}, and did not answer for ${retrySeconds} s`, resumeCommand),
});

/** Polls every evaluation until none is running, showing their rows together; answers each one's final status. */
export async function waitForEvaluations(api: Api, ids: string[], options: WaitOptions): Promise<EvaluationStatus[]> {
  const progress = createProgress('evaluating');
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  const poll = () => Promise.all(ids.map((id) => api.call(
    api.client.GET('/evaluations/{evaluation_id}/status', { params: { path: { evaluation_id: id } }, signal: AbortSignal.timeout(POLL_TIMEOUT_MS) }),
    `reading evaluation ${id}`,
  )));
  const retry = outageRetry(options.retrySeconds, options.resumeCommand);
  try {
    for (;;) {
      const statuses = await throughOutages(poll, retry);
      progress.update({
        done: statuses.reduce((sum, s) => sum + s.progress.done, 0),
        total: statuses.reduce((sum, s) => sum + s.progress.total, 0),
        errors: statuses.reduce((sum, s) => sum + (s.progress.failed_rows ?? 0) + (s.progress.evaluator_errors ?? 0), 0),
      });
      if (statuses.every((s) => !RUNNING.has(String(s.status.value)))) return statuses;
      if (Date.now() > deadline) throw resumeAdvice(`the evaluations did not finish within ${options.timeoutSeconds} s`, options.resumeCommand);
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
    }
  } finally {
    progress.stop();
  }
}
