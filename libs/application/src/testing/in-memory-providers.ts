import { type CallUsage, type CatalogModel, type CustomModel, DomainError, type ProviderKind, costOfUsage } from '@crucible/domain';
import {
  type ConnectionSummary, type CustomModelChanges, CustomModelRepository, ModelCatalog, ProviderConnectionDirectory,
} from '../providers/ports';

/** Connections a test declares; the persistence adapter reads the pconn branch's `provider_connections`. */
export class InMemoryProviderConnectionDirectory extends ProviderConnectionDirectory {
  private readonly connections: Array<ConnectionSummary & { projectId: string }> = [];

  add(projectId: string, connection: ConnectionSummary): ConnectionSummary {
    this.connections.push({ projectId, ...connection });
    return connection;
  }

  async kindsConnected(projectId: string): Promise<ProviderKind[]> {
    return [...new Set(this.connections.filter((c) => c.projectId === projectId).map((c) => c.kind))];
  }

  async connectionById(projectId: string, id: string): Promise<ConnectionSummary | null> {
    const found = this.connections.find((c) => c.projectId === projectId && c.id === id);
    return found ? { id: found.id, name: found.name, kind: found.kind } : null;
  }
}

export class InMemoryCustomModelRepository extends CustomModelRepository {
  private readonly models = new Map<string, CustomModel>();

  async list(projectId: string): Promise<CustomModel[]> {
    return [...this.models.values()].filter((m) => m.projectId === projectId);
  }

  async findById(projectId: string, id: string): Promise<CustomModel | null> {
    const model = this.models.get(id);
    return model && model.projectId === projectId ? model : null;
  }

  async create(model: CustomModel): Promise<CustomModel> {
    this.refuseTaken(model);
    this.models.set(model.id, model);
    return model;
  }

  async update(projectId: string, id: string, changes: CustomModelChanges, at: Date): Promise<CustomModel | null> {
    const model = await this.findById(projectId, id);
    if (!model) return null;
    const updated = { ...model, ...changes, updatedAt: at };
    this.refuseTaken(updated);
    this.models.set(id, updated);
    return updated;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.findById(projectId, id)) !== null && this.models.delete(id);
  }

  private refuseTaken(model: CustomModel): void {
    const taken = [...this.models.values()].some((other) => other.id !== model.id && other.projectId === model.projectId
      && other.providerConnectionId === model.providerConnectionId && other.name === model.name);
    if (taken) throw new DomainError('conflict', `the connection already has a model named "${model.name}"`);
  }
}

/** A catalog of a test's own models: a call names one by its id or its bare model name. */
export class InMemoryModelCatalog extends ModelCatalog {
  constructor(private readonly entries: CatalogModel[]) {
    super();
  }

  models(): readonly CatalogModel[] {
    return this.entries;
  }

  costOf(call: { provider?: string; model: string; usage: CallUsage }): number | null {
    const found = this.entries.find((entry) => entry.id === call.model || (entry.model === call.model && (!call.provider || entry.provider === call.provider)));
    return found?.prices ? costOfUsage(found.prices, call.usage) : null;
  }
}
