import type { ProviderKind } from '@crucible/domain';
import { type ConnectionCredentials, ConnectionCredentialsSource, type ConnectionSelector } from '../ports';

/** Connections held in memory per project; `open` follows the port: by id, else the first of the provider kind. */
export class InMemoryConnectionCredentials extends ConnectionCredentialsSource {
  private readonly byProject = new Map<string, ConnectionCredentials[]>();

  add(projectId: string, connection: ConnectionCredentials): this {
    this.byProject.set(projectId, [...(this.byProject.get(projectId) ?? []), connection]);
    return this;
  }

  async open(projectId: string, selector: ConnectionSelector): Promise<ConnectionCredentials | null> {
    const connections = this.byProject.get(projectId) ?? [];
    if (selector.connectionId) return connections.find((connection) => connection.id === selector.connectionId) ?? null;
    return connections.find((connection) => connection.kind === (selector.provider as ProviderKind)) ?? null;
  }
}
