export * from './ports';
export * from './api-key-secret';
export * from './use-cases/authenticate.use-case';
export * from './use-cases/create-project.use-case';
export * from './use-cases/bootstrap-default-project.use-case';
export * from './use-cases/create-api-key.use-case';
export * from './use-cases/list-api-keys.use-case';
export * from './use-cases/delete-api-key.use-case';
export * from './use-cases/get-current-project.use-case';
import { AuthenticateUseCase } from './use-cases/authenticate.use-case';
import { BootstrapDefaultProjectUseCase } from './use-cases/bootstrap-default-project.use-case';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case';
import { CreateProjectUseCase } from './use-cases/create-project.use-case';
import { DeleteApiKeyUseCase } from './use-cases/delete-api-key.use-case';
import { GetCurrentProjectUseCase } from './use-cases/get-current-project.use-case';
import { ListApiKeysUseCase } from './use-cases/list-api-keys.use-case';

/** The access context's use cases, registered by the composition root (libs/platform). */
export const ACCESS_USE_CASES = [
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CreateApiKeyUseCase, CreateProjectUseCase, DeleteApiKeyUseCase,
  GetCurrentProjectUseCase, ListApiKeysUseCase,
];
