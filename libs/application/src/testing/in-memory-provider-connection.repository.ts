import { DomainError, type ProviderConnection, type ProviderKind, type SealedSecret, kindListsItsOwnModels } from '@crucible/domain';
import { ProviderConnectionRepository } from '../providers/ports/provider-connection-repository.port';
import { SecretKeyCheckRepository } from '../providers/ports/secret-key-check-repository.port';

export class InMemoryProviderConnectionRepository extends ProviderConnectionRepository {
  readonly connections: ProviderConnection[] = [];

  async create(connection: ProviderConnection): Promise<void> {
    this.nameMustBeFree(connection);
    this.connections.push({ ...connection });
  }

  async list(projectId: string): Promise<ProviderConnection[]> {
    return this.connections.filter((c) => c.projectId === projectId).map((c) => ({ ...c }));
  }

  async findById(projectId: string, id: string): Promise<ProviderConnection | null> {
    const found = this.connections.find((c) => c.projectId === projectId && c.id === id);
    return found ? { ...found } : null;
  }

  async firstOfKind(projectId: string, kind: ProviderKind): Promise<ProviderConnection | null> {
    return (await this.list(projectId)).find((c) => c.kind === kind) ?? null;
  }

  async update(connection: ProviderConnection): Promise<void> {
    this.nameMustBeFree(connection);
    const index = this.connections.findIndex((c) => c.projectId === connection.projectId && c.id === connection.id);
    if (index >= 0) this.connections[index] = { ...connection };
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const index = this.connections.findIndex((c) => c.projectId === projectId && c.id === id);
    if (index < 0) return false;
    this.connections.splice(index, 1);
    return true;
  }

  async setListedModels(projectId: string, id: string, models: string[]): Promise<void> {
    const found = this.connections.find((c) => c.projectId === projectId && c.id === id);
    if (found) found.listedModels = [...models];
  }

  async listedModels(projectId: string) {
    return (await this.list(projectId)).filter((c) => kindListsItsOwnModels(c.kind))
      .map((c) => ({ connectionId: c.id, connectionName: c.name, kind: c.kind, models: c.listedModels }));
  }

  async allSealed(): Promise<Array<{ id: string; sealed: SealedSecret }>> {
    return this.connections.flatMap((c) => (c.sealed ? [{ id: c.id, sealed: c.sealed }] : []));
  }

  async replaceSealed(id: string, sealed: SealedSecret): Promise<void> {
    const found = this.connections.find((c) => c.id === id);
    if (found) found.sealed = sealed;
  }

  private nameMustBeFree(connection: ProviderConnection): void {
    if (this.connections.some((c) => c.projectId === connection.projectId && c.name === connection.name && c.id !== connection.id)) {
      throw new DomainError('conflict', `name: a provider connection named "${connection.name}" already exists in this project`);
    }
  }
}

export class InMemorySecretKeyCheckRepository extends SecretKeyCheckRepository {
  stored: SealedSecret | null = null;

  async read(): Promise<SealedSecret | null> {
    return this.stored;
  }

  async create(sealed: SealedSecret): Promise<void> {
    this.stored ??= sealed;
  }

  async replace(sealed: SealedSecret): Promise<void> {
    this.stored = sealed;
  }
}
