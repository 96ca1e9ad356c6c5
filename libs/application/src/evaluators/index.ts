export * from './ports';
export * from './use-cases/list-evaluators.use-case';
export * from './use-cases/create-evaluator-config.use-case';
export * from './use-cases/get-evaluator-config.use-case';
export * from './use-cases/list-evaluator-configs.use-case';
export * from './use-cases/update-evaluator-config.use-case';
export * from './use-cases/delete-evaluator-config.use-case';
export * from './use-cases/run-evaluator.use-case';
