import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import {
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CreateApiKeyUseCase, CreateAppUseCase, CreateProjectUseCase,
  CreateVariantFromBaseUseCase, CreateVariantFromServiceUseCase, DeleteApiKeyUseCase, DeleteAppUseCase,
  DeleteVariantUseCase, DeployUseCase, GetAppUseCase, GetEnvironmentHistoryUseCase, GetVariantRevisionUseCase,
  GetVariantUseCase, ListApiKeysUseCase, ListAppsUseCase, ListEnvironmentsUseCase, ListVariantRevisionsUseCase,
  ListVariantsUseCase, ResolveConfigUseCase, RevertEnvironmentUseCase, ServiceDefaultsReader,
  UpdateVariantParametersUseCase,
} from '@crucible/application';
import { type DatabaseConfig, PersistenceModule } from '@crucible/persistence';
import { OpenApiServiceDefaultsReader } from './service-defaults.adapter';

export interface CoreConfig {
  database: DatabaseConfig;
}

const useCases: Provider[] = [
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CreateProjectUseCase, CreateApiKeyUseCase, ListApiKeysUseCase,
  DeleteApiKeyUseCase, CreateAppUseCase, GetAppUseCase, ListAppsUseCase, DeleteAppUseCase,
  CreateVariantFromServiceUseCase, CreateVariantFromBaseUseCase, GetVariantUseCase, ListVariantsUseCase,
  UpdateVariantParametersUseCase, ListVariantRevisionsUseCase, GetVariantRevisionUseCase, DeleteVariantUseCase,
  DeployUseCase, RevertEnvironmentUseCase, ListEnvironmentsUseCase, GetEnvironmentHistoryUseCase, ResolveConfigUseCase,
];

/**
 * Every use case and outbound adapter, shared by the api and the workflow-runner: the two apps differ
 * only in their inbound adapters (controllers vs. queue consumers).
 */
@Module({})
export class CoreModule {
  static forRoot(config: CoreConfig): DynamicModule {
    const providers: Provider[] = [
      ...useCases,
      { provide: ServiceDefaultsReader, useClass: OpenApiServiceDefaultsReader },
    ];
    return {
      module: CoreModule,
      global: true,
      imports: [PersistenceModule.forRoot(config.database)],
      providers,
      exports: providers.map((p) => (typeof p === 'function' ? p : (p as { provide: Provider }).provide)) as Provider[],
    };
  }
}
