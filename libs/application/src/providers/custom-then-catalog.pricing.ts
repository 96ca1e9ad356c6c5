import { Injectable } from '@nestjs/common';
import { type CustomModel, costOfUsage } from '@crucible/domain';
import { type CallPricer, CustomModelRepository, ModelCatalog, ModelPricing, type PricedCall, ProviderConnectionDirectory } from './ports';
import { matchPatternFinds } from './match-pattern';
import { ProviderReadCache } from './provider-read-cache';

/** A custom model with the ids a call may name it by: its name, and `<connection name>/<name>` as `GET /models` lists it. */
interface NamedCustomModel {
  model: CustomModel;
  listedId: string | null;
}

/**
 * ARCHITECTURE §15's order: the project's custom models first (by `match_pattern`, else the exact name), then the catalog.
 * A pricer reads the project's custom models once and remembers each model name's answer, so a batch of spans
 * costs one read however many spans it prices.
 */
@Injectable()
export class CustomThenCatalogPricing extends ModelPricing {
  constructor(
    private readonly customModels: CustomModelRepository,
    private readonly connections: ProviderConnectionDirectory,
    private readonly catalog: ModelCatalog,
    private readonly cache: ProviderReadCache,
  ) {
    super();
  }

  pricerFor(projectId: string): Promise<CallPricer> {
    return this.cache.read(projectId, 'pricer', () => this.readPricer(projectId));
  }

  private async readPricer(projectId: string): Promise<CallPricer> {
    const custom = await this.customModels.list(projectId);
    const named = await Promise.all(custom.map(async (model): Promise<NamedCustomModel> => {
      const connection = await this.connections.connectionById(projectId, model.providerConnectionId);
      return { model, listedId: connection ? `${connection.name}/${model.name}` : null };
    }));
    const customOf = new Map<string, CustomModel | null>();
    return (call: PricedCall) => {
      let found = customOf.get(call.model);
      if (found === undefined) {
        found = matchingCustomModel(named, call.model);
        customOf.set(call.model, found);
      }
      if (found) return costOfUsage(found.prices, call.usage);
      return this.catalog.costOf(call);
    };
  }
}

function matchingCustomModel(models: NamedCustomModel[], model: string): CustomModel | null {
  const byPattern = models.find(({ model: custom }) => custom.matchPattern !== null && matchPatternFinds(custom.matchPattern, model));
  if (byPattern) return byPattern.model;
  const byName = models.find(({ model: custom, listedId }) => custom.matchPattern === null && (custom.name === model || listedId === model));
  return byName?.model ?? null;
}
