import { DomainError, ENVIRONMENT_CONNECTION_ID, isProviderKind, type ProviderKind } from '@crucible/domain';
import type { ConnectionSelector } from '@crucible/application';

/** Catalog provider ids (models.dev / genai-prices) that name one of our kinds differently. */
const PROVIDER_ALIASES: Record<string, ProviderKind> = { google: 'gemini', azure: 'azure_openai', together: 'together_ai' };

export interface ModelRoute {
  selector: ConnectionSelector;
  /** The catalog provider the id names ('anthropic' in 'anthropic/claude-…'), when it names one. */
  provider?: ProviderKind;
}

/**
 * Which connection serves a model id: `connectionId` when given, else the project's first connection of the
 * provider the id starts with. A bare name without a connection is for the OPENAI_* fallback, as judges always were.
 */
export function routeOf(model: string, connectionId: string | undefined): ModelRoute {
  const prefix = model.includes('/') ? model.slice(0, model.indexOf('/')) : undefined;
  const provider = prefix === undefined ? undefined : isProviderKind(prefix) ? prefix : PROVIDER_ALIASES[prefix];
  if (connectionId) return { selector: { connectionId }, provider };
  if (provider) return { selector: { provider }, provider };
  if (prefix === undefined) return { selector: { connectionId: ENVIRONMENT_CONNECTION_ID } };
  throw DomainError.invalidInput([{
    field: ['connection_id'],
    reason: `model '${model.slice(0, 200)}' names no known provider: give the connection that serves it`,
    rule: 'invalid_value',
  }]);
}

/**
 * The name the provider receives: the id without its catalog or connection prefix. OpenRouter's own ids are
 * '<vendor>/<model>', so only an 'openrouter/' prefix is taken off for it.
 */
export function bareModelName(model: string, kind: ProviderKind): string {
  const slash = model.indexOf('/');
  if (slash < 0) return model;
  if (kind === 'openrouter') return model.startsWith('openrouter/') ? model.slice(slash + 1) : model;
  return model.slice(slash + 1);
}
