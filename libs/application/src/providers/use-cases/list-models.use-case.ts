import { Injectable } from '@nestjs/common';
import type { Actor, CustomModel, ProviderKind } from '@crucible/domain';
import { type Page, type PageRequest, pageOfList } from '../../shared/page';
import { CustomModelRepository, ModelCatalog, ProviderConnectionDirectory } from '../ports';
import { type ListedModel, listedCustomModel } from '../listed-model';

export interface ModelFilter {
  provider?: ProviderKind;
  /** Case-insensitive text in the id or name. */
  q?: string;
}

/** `GET /models`: the catalog and the project's custom models, with whether a connection serves each; ordered by id. */
@Injectable()
export class ListModelsUseCase {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly customModels: CustomModelRepository,
    private readonly connections: ProviderConnectionDirectory,
  ) {}

  async execute(actor: Actor, filter: ModelFilter, page: PageRequest): Promise<Page<ListedModel>> {
    const connected = new Set(await this.connections.kindsConnected(actor.projectId));
    const catalog = this.catalog.models().map((model): ListedModel => ({
      id: model.id, provider: model.provider, name: model.name, contextWindow: model.contextWindow, maxOutputTokens: model.maxOutputTokens,
      prices: model.prices, source: 'catalog', available: connected.has(model.provider), custom: null,
    }));
    const custom = await Promise.all((await this.customModels.list(actor.projectId)).map((model) => this.listed(actor.projectId, model)));
    const text = filter.q?.toLowerCase();
    const all = [...custom.filter((model): model is ListedModel => model !== null), ...catalog]
      .filter((model) => !filter.provider || model.provider === filter.provider)
      .filter((model) => !text || model.id.toLowerCase().includes(text) || model.name.toLowerCase().includes(text))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.source.localeCompare(b.source)));
    return pageOfList(all, page, (model) => `${model.source}:${model.id}`);
  }

  /** A custom model whose connection is gone is not listed: nothing can serve it. */
  private async listed(projectId: string, model: CustomModel): Promise<ListedModel | null> {
    const connection = await this.connections.connectionById(projectId, model.providerConnectionId);
    return connection ? listedCustomModel(model, connection) : null;
  }
}
