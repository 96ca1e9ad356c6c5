import type { RateLimit } from '@crucible/domain';
import type { InvocationOutcome, WorkflowCall, WorkflowInvoker } from './ports';

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Connection errors, time-outs, 429 and 5xx are retried `maxRetries` times, `retryDelaySeconds` apart. */
export async function invokeWithRetries(
  invoker: WorkflowInvoker,
  url: string,
  call: WorkflowCall,
  rateLimit: Pick<RateLimit, 'maxRetries' | 'retryDelaySeconds'>,
): Promise<InvocationOutcome> {
  let outcome = await invoker.invoke(url, call);
  for (let retry = 1; !outcome.ok && outcome.retryable && retry <= rateLimit.maxRetries; retry += 1) {
    await sleep(rateLimit.retryDelaySeconds * 1000);
    outcome = await invoker.invoke(url, call);
  }
  return outcome;
}

/** The inputs a workflow receives: the row without its ground-truth column. */
export function workflowInputs(row: Record<string, unknown>, groundTruthColumn: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => column !== groundTruthColumn));
}
