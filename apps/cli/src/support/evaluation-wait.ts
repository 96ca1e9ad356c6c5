import type { Api } from './api';
import { CliError } from './cli-error';
import { createProgress } from '../output/progress';
import type { EvaluationStatus } from './wire';

const RUNNING = new Set(['EVALUATION_INITIALIZED', 'EVALUATION_STARTED']);

/** Polls every evaluation until none is running, showing their rows together; answers each one's final status. */
export async function waitForEvaluations(api: Api, ids: string[], options: { timeoutSeconds: number; pollMs?: number }): Promise<EvaluationStatus[]> {
  const progress = createProgress('evaluating');
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  try {
    for (;;) {
      const statuses = await Promise.all(ids.map((id) => api.call<EvaluationStatus>(
        api.client.GET('/evaluations/{evaluation_id}/status', { params: { path: { evaluation_id: id } } }), `reading evaluation ${id}`,
      )));
      progress.update({
        done: statuses.reduce((sum, s) => sum + s.progress.done, 0),
        total: statuses.reduce((sum, s) => sum + s.progress.total, 0),
        errors: statuses.reduce((sum, s) => sum + (s.progress.failed_rows ?? 0) + (s.progress.evaluator_errors ?? 0), 0),
      });
      if (statuses.every((s) => !RUNNING.has(String(s.status.value)))) return statuses;
      if (Date.now() > deadline) throw new CliError(`the evaluations did not finish within ${options.timeoutSeconds} s (still running on the server: ${ids.join(', ')})`);
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
    }
  } finally {
    progress.stop();
  }
}
