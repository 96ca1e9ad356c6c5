export * from './ports';
export * from './checked-connection';
export * from './sealed-secrets';
export * from './environment-connection';
export * from './secret-key-check';
export * from './stored-connection-credentials';
export * from './provider-read-cache';
export * from './cached-connection-directory';
export * from './use-cases/list-provider-kinds.use-case';
export * from './use-cases/create-provider-connection.use-case';
export * from './use-cases/list-provider-connections.use-case';
export * from './use-cases/get-provider-connection.use-case';
export * from './use-cases/update-provider-connection.use-case';
export * from './use-cases/delete-provider-connection.use-case';
export * from './use-cases/test-provider-connection.use-case';
export * from './use-cases/rotate-secrets.use-case';
import { ListProviderKindsUseCase } from './use-cases/list-provider-kinds.use-case';
import { CreateProviderConnectionUseCase } from './use-cases/create-provider-connection.use-case';
import { ListProviderConnectionsUseCase } from './use-cases/list-provider-connections.use-case';
import { GetProviderConnectionUseCase } from './use-cases/get-provider-connection.use-case';
import { UpdateProviderConnectionUseCase } from './use-cases/update-provider-connection.use-case';
import { DeleteProviderConnectionUseCase } from './use-cases/delete-provider-connection.use-case';
import { TestProviderConnectionUseCase } from './use-cases/test-provider-connection.use-case';
import { RotateSecretsUseCase } from './use-cases/rotate-secrets.use-case';

/** The providers context's use cases, registered by the composition root (libs/platform). */
export const PROVIDERS_USE_CASES = [
  ListProviderKindsUseCase, CreateProviderConnectionUseCase, ListProviderConnectionsUseCase, GetProviderConnectionUseCase,
  UpdateProviderConnectionUseCase, DeleteProviderConnectionUseCase, TestProviderConnectionUseCase, RotateSecretsUseCase,
];
export * from './listed-model';
export * from './match-pattern';
export * from './checked-custom-model';
export * from './custom-then-catalog.pricing';
export * from './use-cases/list-models.use-case';
export * from './use-cases/create-custom-model.use-case';
export * from './use-cases/update-custom-model.use-case';
export * from './use-cases/delete-custom-model.use-case';
import { ListModelsUseCase } from './use-cases/list-models.use-case';
import { CreateCustomModelUseCase } from './use-cases/create-custom-model.use-case';
import { UpdateCustomModelUseCase } from './use-cases/update-custom-model.use-case';
import { DeleteCustomModelUseCase } from './use-cases/delete-custom-model.use-case';

/** The model catalog and custom models (ARCHITECTURE §15), for the composition root. */
export const MODEL_USE_CASES = [ListModelsUseCase, CreateCustomModelUseCase, UpdateCustomModelUseCase, DeleteCustomModelUseCase];
