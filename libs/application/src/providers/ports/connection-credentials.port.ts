import type { ProviderKind } from '@crucible/domain';

/** What a call to a provider needs: the only shape that ever holds a decrypted secret, and only in memory. */
export interface ConnectionCredentials {
  id: string;
  name: string;
  kind: ProviderKind;
  apiKey?: string;
  baseUrl?: string;
  apiVersion?: string;
  headers?: Record<string, string>;
}

export interface ConnectionSelector {
  /** A connection id, or ENVIRONMENT_CONNECTION_ID for the OPENAI_* fallback. */
  connectionId?: string;
  /** Without `connectionId`: the project's first connection of this provider kind. */
  provider?: ProviderKind;
}

/** Opens a project's connection for a call; the one place a stored secret is decrypted. */
export abstract class ConnectionCredentialsSource {
  /** null when no such connection exists in the project (or the fallback is not configured). */
  abstract open(projectId: string, selector: ConnectionSelector): Promise<ConnectionCredentials | null>;
}
