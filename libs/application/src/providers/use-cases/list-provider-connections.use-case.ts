import { Injectable } from '@nestjs/common';
import type { Actor, ProviderConnection } from '@crucible/domain';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { EnvironmentConnectionSettings } from '../ports/environment-connection.port';
import { environmentConnection } from '../environment-connection';

@Injectable()
export class ListProviderConnectionsUseCase {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly environment: EnvironmentConnectionSettings,
  ) {}

  /** The project's connections, oldest first, then the read-only `environment` one when OPENAI_API_KEY is set. */
  async execute(actor: Actor): Promise<ProviderConnection[]> {
    const stored = await this.connections.list(actor.projectId);
    const fallback = environmentConnection(this.environment, actor.projectId);
    return fallback ? [...stored, fallback] : stored;
  }
}
