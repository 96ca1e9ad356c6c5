import { ENVIRONMENT_CONNECTION_ID } from '@crucible/domain';
import { LlmProviderError, type LlmTarget } from '@crucible/application';
import type { EvaluatorContext } from '../evaluator';
import { settingsReader } from './values';

/**
 * Where an LLM judge's call goes. A config saved before connections existed names a bare model and no connection:
 * it keeps going to the OPENAI_* fallback connection, as it always did.
 */
export function judgeTarget(ctx: EvaluatorContext): LlmTarget {
  const settings = settingsReader(ctx.settings);
  const model = settings.string('model');
  const connectionId = typeof ctx.settings['connection_id'] === 'string' && ctx.settings['connection_id'] !== ''
    ? ctx.settings['connection_id']
    : model.includes('/') ? undefined : ENVIRONMENT_CONNECTION_ID;
  return { projectId: ctx.projectId, model, ...(connectionId ? { connectionId } : {}) };
}

/** A provider's 429, 5xx, time-out or dropped answer may pass; its 401 or 400 will not. */
const retryable = (error: unknown): boolean =>
  error instanceof LlmProviderError && (error.status === null || error.status === 429 || error.status >= 500);

/** Retries a model call the way the evaluation's rate_limit says (`max_retries`, `retry_delay` apart). */
export async function withLlmRetries<T>(ctx: EvaluatorContext, call: () => Promise<T>): Promise<T> {
  const { maxRetries = 0, retryDelaySeconds = 0 } = ctx.retries ?? {};
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= maxRetries || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelaySeconds * 1000));
    }
  }
}
