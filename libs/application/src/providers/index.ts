export * from './ports';
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
