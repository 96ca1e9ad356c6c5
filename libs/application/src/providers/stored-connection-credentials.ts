import { Injectable } from '@nestjs/common';
import { ENVIRONMENT_CONNECTION_ID, type ProviderConnection } from '@crucible/domain';
import { type ConnectionCredentials, ConnectionCredentialsSource, type ConnectionSelector } from './ports/connection-credentials.port';
import { ProviderConnectionRepository } from './ports/provider-connection-repository.port';
import { SecretCipher } from './ports/secret-cipher.port';
import { EnvironmentConnectionSettings } from './ports/environment-connection.port';
import { openSecrets } from './sealed-secrets';
import { ProviderReadCache } from './provider-read-cache';

/** Connections stored in the project, decrypted for one call; the OPENAI_* fallback as `environment`. */
@Injectable()
export class StoredConnectionCredentialsSource extends ConnectionCredentialsSource {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly cipher: SecretCipher,
    private readonly environment: EnvironmentConnectionSettings,
    private readonly cache: ProviderReadCache,
  ) {
    super();
  }

  open(projectId: string, selector: ConnectionSelector): Promise<ConnectionCredentials | null> {
    if (selector.connectionId === ENVIRONMENT_CONNECTION_ID) return Promise.resolve(this.fromEnvironment());
    return this.cache.read(projectId, `credentials:${selector.connectionId ?? ''}:${selector.provider ?? ''}`, () => this.stored(projectId, selector));
  }

  private async stored(projectId: string, selector: ConnectionSelector): Promise<ConnectionCredentials | null> {
    if (selector.connectionId) {
      const connection = await this.connections.findById(projectId, selector.connectionId);
      return connection ? this.decrypted(connection) : null;
    }
    if (!selector.provider) return null;
    const first = await this.connections.firstOfKind(projectId, selector.provider);
    if (first) return this.decrypted(first);
    // Judge configs made before connections existed keep calling OpenAI through OPENAI_*.
    return selector.provider === 'openai' ? this.fromEnvironment() : null;
  }

  private fromEnvironment(): ConnectionCredentials | null {
    const { apiKey, baseUrl } = this.environment;
    if (!apiKey && !baseUrl) return null;
    // OPENAI_BASE_URL alone has always served judges: a local server wants no key, the SDK wants one all the same.
    return { id: ENVIRONMENT_CONNECTION_ID, name: ENVIRONMENT_CONNECTION_ID, kind: 'openai', apiKey: apiKey || 'not-needed', baseUrl };
  }

  private decrypted(connection: ProviderConnection): ConnectionCredentials {
    const secrets = openSecrets(this.cipher, connection.sealed);
    return {
      id: connection.id, name: connection.name, kind: connection.kind, apiKey: secrets.apiKey,
      baseUrl: connection.baseUrl ?? undefined, apiVersion: connection.apiVersion ?? undefined, headers: secrets.headers,
    };
  }
}
