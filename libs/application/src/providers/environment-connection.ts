import { ENVIRONMENT_CONNECTION_ID, type ProviderConnection, apiKeyHint } from '@crucible/domain';
import type { EnvironmentConnectionSettings } from './ports/environment-connection.port';

/** The process started then: the read-only connection exists since. */
const STARTED_AT = new Date();

/** The `environment` connection as lists show it, when OPENAI_API_KEY is set. */
export function environmentConnection(settings: EnvironmentConnectionSettings, projectId: string): ProviderConnection | null {
  if (!settings.apiKey) return null;
  return {
    id: ENVIRONMENT_CONNECTION_ID, projectId, name: ENVIRONMENT_CONNECTION_ID, kind: 'openai', baseUrl: settings.baseUrl ?? null,
    apiVersion: null, apiKeyHint: apiKeyHint(settings.apiKey), headerNames: [], sealed: null, listedModels: [],
    createdAt: STARTED_AT, createdBy: 'environment',
  };
}
