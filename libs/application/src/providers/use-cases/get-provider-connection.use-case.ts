import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, ENVIRONMENT_CONNECTION_ID, type ProviderConnection } from '@crucible/domain';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { EnvironmentConnectionSettings } from '../ports/environment-connection.port';
import { environmentConnection } from '../environment-connection';

@Injectable()
export class GetProviderConnectionUseCase {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly environment: EnvironmentConnectionSettings,
  ) {}

  async execute(actor: Actor, id: string): Promise<ProviderConnection> {
    const found = id === ENVIRONMENT_CONNECTION_ID
      ? environmentConnection(this.environment, actor.projectId)
      : await this.connections.findById(actor.projectId, id);
    if (!found) throw DomainError.notFound('provider connection', id);
    return found;
  }
}

/** PATCH and DELETE of the OPENAI_* connection: it lives in the process's environment, not in the project. */
export function refuseReadOnly(id: string): void {
  if (id === ENVIRONMENT_CONNECTION_ID) {
    throw new DomainError('conflict', 'the "environment" connection is read-only: it comes from OPENAI_API_KEY / OPENAI_BASE_URL of the api');
  }
}
