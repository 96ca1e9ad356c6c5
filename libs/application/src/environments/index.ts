export * from './ports';
export * from './use-cases/deploy.use-case';
export * from './use-cases/revert-environment.use-case';
export * from './use-cases/list-environments.use-case';
export * from './use-cases/get-environment-history.use-case';
export * from './use-cases/resolve-config.use-case';
