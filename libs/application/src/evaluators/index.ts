export * from './ports';
export * from './use-cases/list-evaluators.use-case';
export * from './use-cases/create-evaluator-config.use-case';
export * from './use-cases/get-evaluator-config.use-case';
export * from './use-cases/list-evaluator-configs.use-case';
export * from './use-cases/update-evaluator-config.use-case';
export * from './use-cases/delete-evaluator-config.use-case';
export * from './use-cases/run-evaluator.use-case';
import { CreateEvaluatorConfigUseCase } from './use-cases/create-evaluator-config.use-case';
import { DeleteEvaluatorConfigUseCase } from './use-cases/delete-evaluator-config.use-case';
import { GetEvaluatorConfigUseCase } from './use-cases/get-evaluator-config.use-case';
import { ListEvaluatorConfigsUseCase } from './use-cases/list-evaluator-configs.use-case';
import { ListEvaluatorsUseCase } from './use-cases/list-evaluators.use-case';
import { RunEvaluatorUseCase } from './use-cases/run-evaluator.use-case';
import { UpdateEvaluatorConfigUseCase } from './use-cases/update-evaluator-config.use-case';

/** The evaluators context's use cases, registered by the composition root (libs/platform). */
export const EVALUATORS_USE_CASES = [
  CreateEvaluatorConfigUseCase, DeleteEvaluatorConfigUseCase, GetEvaluatorConfigUseCase, ListEvaluatorConfigsUseCase,
  ListEvaluatorsUseCase, RunEvaluatorUseCase, UpdateEvaluatorConfigUseCase,
];
