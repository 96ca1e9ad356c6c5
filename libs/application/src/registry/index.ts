export * from './ports';
export * from './use-cases/create-app.use-case';
export * from './use-cases/get-app.use-case';
export * from './use-cases/list-apps.use-case';
export * from './use-cases/delete-app.use-case';
export * from './use-cases/create-variant-from-service.use-case';
export * from './use-cases/create-variant-from-base.use-case';
export * from './use-cases/get-variant.use-case';
export * from './use-cases/list-variants.use-case';
export * from './use-cases/update-variant-parameters.use-case';
export * from './use-cases/list-variant-revisions.use-case';
export * from './use-cases/get-variant-revision.use-case';
export * from './use-cases/delete-variant.use-case';
export * from './use-cases/rename-app.use-case';
export * from './use-cases/latest-revisions.use-case';
import { CreateAppUseCase } from './use-cases/create-app.use-case';
import { CreateVariantFromBaseUseCase } from './use-cases/create-variant-from-base.use-case';
import { CreateVariantFromServiceUseCase } from './use-cases/create-variant-from-service.use-case';
import { DeleteAppUseCase } from './use-cases/delete-app.use-case';
import { DeleteVariantUseCase } from './use-cases/delete-variant.use-case';
import { GetAppUseCase } from './use-cases/get-app.use-case';
import { GetVariantRevisionUseCase } from './use-cases/get-variant-revision.use-case';
import { GetVariantUseCase } from './use-cases/get-variant.use-case';
import { LatestRevisionsUseCase } from './use-cases/latest-revisions.use-case';
import { ListAppsUseCase } from './use-cases/list-apps.use-case';
import { ListVariantRevisionsUseCase } from './use-cases/list-variant-revisions.use-case';
import { ListVariantsUseCase } from './use-cases/list-variants.use-case';
import { RenameAppUseCase } from './use-cases/rename-app.use-case';
import { UpdateVariantParametersUseCase } from './use-cases/update-variant-parameters.use-case';

/** The registry context's use cases, registered by the composition root (libs/platform). */
export const REGISTRY_USE_CASES = [
  CreateAppUseCase, CreateVariantFromBaseUseCase, CreateVariantFromServiceUseCase, DeleteAppUseCase,
  DeleteVariantUseCase, GetAppUseCase, GetVariantRevisionUseCase, GetVariantUseCase, LatestRevisionsUseCase,
  ListAppsUseCase, ListVariantRevisionsUseCase, ListVariantsUseCase, RenameAppUseCase, UpdateVariantParametersUseCase,
];
