import { Injectable } from '@nestjs/common';
import { type CatalogModel, DomainError, type LlmConfig, type ProviderKind } from '@crucible/domain';
import { CustomModelRepository, ModelCatalog, ProviderConnectionDirectory, ProviderConnectionRepository } from '../providers/ports';
import { ProviderReadCache } from '../providers/provider-read-cache';

/** Where a prompt's call goes: the model id the gateway takes and, when the id alone does not say, the connection. */
export interface ResolvedModel {
  model: string;
  connectionId?: string;
  /** The provider kind that serves it (the trace's gen_ai.provider.name). */
  provider: ProviderKind;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A template's default per provider when the catalog has it: small, cheap and able. */
const PREFERRED: Partial<Record<ProviderKind, string>> = {
  openai: 'openai/gpt-4o-mini', anthropic: 'anthropic/claude-3-5-haiku-latest', gemini: 'gemini/gemini-2.0-flash',
  mistral: 'mistral/mistral-small-latest', groq: 'groq/llama-3.1-8b-instant',
};

/**
 * Reads `llm_config.model` (+ `connection_id`) as ARCHITECTURE §15 says: a catalog id, a custom model's id or
 * `<connection name>/<model>` (custom, or listed by an openai_compatible/ollama server). Unknown models and models
 * without a connection answer 422 naming the field.
 */
@Injectable()
export class PromptModelResolver {
  private catalogById: Map<string, CatalogModel> | null = null;

  constructor(
    private readonly catalog: ModelCatalog,
    private readonly customModels: CustomModelRepository,
    private readonly directory: ProviderConnectionDirectory,
    private readonly connections: ProviderConnectionRepository,
    private readonly cache: ProviderReadCache,
  ) {}

  /** `checkConnected` off at run time: a catalog id costs no read, and the gateway refuses a missing connection itself. */
  async resolve(projectId: string, config: Pick<LlmConfig, 'model' | 'connection_id'>, field: Array<string | number>, checkConnected = true): Promise<ResolvedModel> {
    const { model } = config;
    const refuse = (at: string, reason: string): never => {
      throw DomainError.invalidInput([{ field: [...field, at], reason, rule: 'invalid_value' }]);
    };
    const listed = this.catalogModel(model);
    if (config.connection_id) {
      const connection = await this.directory.connectionById(projectId, config.connection_id);
      if (!connection) return refuse('connection_id', `this project has no connection '${config.connection_id}'`);
      if (listed) return { model, connectionId: connection.id, provider: connection.kind };
      const own = await this.ownModel(projectId, model);
      if (own?.connectionId === connection.id) return own;
      return refuse('model', `unknown model '${model}' for connection '${connection.name}': pick one GET /models lists`);
    }
    if (listed) {
      if (checkConnected && !(await this.directory.kindsConnected(projectId)).includes(listed.provider)) {
        refuse('model', `model '${model}' needs a connection to ${listed.provider}, and this project has none: add one under Settings → Providers`);
      }
      return { model, provider: listed.provider };
    }
    return (await this.ownModel(projectId, model)) ?? refuse('model', `unknown model '${model}': pick one GET /models lists`);
  }

  /** A template's starting model: the first connection's preferred (or first) catalog model, else one its server listed. */
  async defaultModel(projectId: string): Promise<string | null> {
    const byKind = (kind: ProviderKind): string | undefined => {
      const preferred = PREFERRED[kind];
      if (preferred && this.catalogModel(preferred)) return preferred;
      return this.catalog.models().find((entry) => entry.provider === kind)?.id;
    };
    const listed = await this.connections.listedModels(projectId);
    for (const connection of await this.connections.list(projectId)) {
      const fromCatalog = byKind(connection.kind);
      if (fromCatalog) return fromCatalog;
      const served = listed.find((entry) => entry.connectionId === connection.id)?.models[0];
      if (served) return `${connection.name}/${served}`;
    }
    for (const kind of await this.directory.kindsConnected(projectId)) {
      const fromCatalog = byKind(kind);
      if (fromCatalog) return fromCatalog;
    }
    return null;
  }

  /** What the project can run, grouped by provider: the schema's model choices (GET /models has prices and the rest). */
  async availableModels(projectId: string): Promise<Record<string, string[]>> {
    const kinds = new Set(await this.directory.kindsConnected(projectId));
    const groups: Record<string, string[]> = {};
    const add = (group: string, id: string) => (groups[group] ??= []).push(id);
    for (const server of await this.connections.listedModels(projectId)) server.models.forEach((model) => add(server.connectionName, `${server.connectionName}/${model}`));
    for (const custom of await this.customModels.list(projectId)) {
      const connection = await this.directory.connectionById(projectId, custom.providerConnectionId);
      if (connection) add(connection.name, `${connection.name}/${custom.name}`);
    }
    for (const entry of this.catalog.models()) if (kinds.has(entry.provider)) add(entry.provider, entry.id);
    return groups;
  }

  private catalogModel(id: string): CatalogModel | undefined {
    this.catalogById ??= new Map(this.catalog.models().map((entry) => [entry.id, entry]));
    return this.catalogById.get(id);
  }

  /** A custom model (by id or `<connection>/<name>`) or a model a server listed (`<connection>/<model>`). */
  /** Read on every run of a prompt naming `<connection>/<model>`: through the provider cache. */
  private ownModel(projectId: string, model: string): Promise<ResolvedModel | null> {
    return this.cache.read(projectId, `model:${model}`, () => this.readOwnModel(projectId, model));
  }

  private async readOwnModel(projectId: string, model: string): Promise<ResolvedModel | null> {
    for (const custom of await this.customModels.list(projectId)) {
      const connection = await this.directory.connectionById(projectId, custom.providerConnectionId);
      if (connection && (custom.id === model || `${connection.name}/${custom.name}` === model)) {
        return { model: `${connection.name}/${custom.name}`, connectionId: connection.id, provider: connection.kind };
      }
    }
    if (UUID.test(model) || !model.includes('/')) return null;
    const [prefix, rest] = [model.slice(0, model.indexOf('/')), model.slice(model.indexOf('/') + 1)];
    const server = (await this.connections.listedModels(projectId)).find((entry) => entry.connectionName === prefix && entry.models.includes(rest));
    return server ? { model, connectionId: server.connectionId, provider: server.kind } : null;
  }
}
