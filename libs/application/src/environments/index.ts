export * from './ports';
export * from './use-cases/deploy.use-case';
export * from './use-cases/revert-environment.use-case';
export * from './use-cases/list-environments.use-case';
export * from './use-cases/get-environment-history.use-case';
export * from './use-cases/resolve-config.use-case';
export * from './use-cases/find-environment-of-revision.use-case';
import { DeployUseCase } from './use-cases/deploy.use-case';
import { FindEnvironmentOfRevisionUseCase } from './use-cases/find-environment-of-revision.use-case';
import { GetEnvironmentHistoryUseCase } from './use-cases/get-environment-history.use-case';
import { ListEnvironmentsUseCase } from './use-cases/list-environments.use-case';
import { ResolveConfigUseCase } from './use-cases/resolve-config.use-case';
import { RevertEnvironmentUseCase } from './use-cases/revert-environment.use-case';

/** The environments context's use cases, registered by the composition root (libs/platform). */
export const ENVIRONMENTS_USE_CASES = [
  DeployUseCase, FindEnvironmentOfRevisionUseCase, GetEnvironmentHistoryUseCase, ListEnvironmentsUseCase, ResolveConfigUseCase, RevertEnvironmentUseCase,
];
