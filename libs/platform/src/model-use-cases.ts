import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import {
  CachedProviderConnectionDirectory, CustomThenCatalogPricing, MODEL_USE_CASES, ModelCatalog, ModelPricing, ProviderConnectionDirectory, ProviderReadCache,
} from '@crucible/application';
import { GenaiPricesCatalog } from '@crucible/integrations';
import { SqlProviderConnectionDirectory } from '@crucible/persistence';
import { type CrucibleConfigService, environmentOf } from './config/crucible-config.module';

/** The model catalog, custom models and the pricing of calls and spans (ARCHITECTURE §15). */
export const MODEL_PROVIDERS: Provider[] = [
  ...MODEL_USE_CASES,
  { provide: ModelCatalog, useClass: GenaiPricesCatalog },
  { provide: ModelPricing, useClass: CustomThenCatalogPricing },
  {
    provide: ProviderConnectionDirectory,
    useFactory: (dataSource: DataSource, config: CrucibleConfigService, cache: ProviderReadCache) => new CachedProviderConnectionDirectory(
      new SqlProviderConnectionDirectory(dataSource, Boolean(environmentOf(config).OPENAI_API_KEY)), cache,
    ),
    inject: [DataSource, ConfigService, ProviderReadCache],
  },
];
