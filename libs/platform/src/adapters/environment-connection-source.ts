import { ENVIRONMENT_CONNECTION_ID } from '@crucible/domain';
import { type ConnectionCredentials, ConnectionCredentialsSource, type ConnectionSelector } from '@crucible/application';

export interface OpenAiEnvironment {
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
}

/**
 * The `environment` connection built from OPENAI_* alone: what judges used before projects had connections.
 * The decrypting source of stored connections takes its place where it is registered; this one keeps judge
 * configs without a connection working meanwhile. A base URL alone is enough (a local server needs no key).
 */
export class EnvironmentConnectionSource extends ConnectionCredentialsSource {
  constructor(private readonly env: OpenAiEnvironment) {
    super();
  }

  async open(_projectId: string, selector: ConnectionSelector): Promise<ConnectionCredentials | null> {
    const wanted = selector.connectionId === ENVIRONMENT_CONNECTION_ID || (!selector.connectionId && selector.provider === 'openai');
    if (!wanted || (!this.env.OPENAI_API_KEY && !this.env.OPENAI_BASE_URL)) return null;
    return {
      id: ENVIRONMENT_CONNECTION_ID, name: ENVIRONMENT_CONNECTION_ID, kind: 'openai',
      apiKey: this.env.OPENAI_API_KEY || 'not-needed', baseUrl: this.env.OPENAI_BASE_URL,
    };
  }
}
