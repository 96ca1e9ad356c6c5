import { ENVIRONMENT_CONNECTION_ID } from '@crucible/domain';
import type { LlmTarget } from '@crucible/application';
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
