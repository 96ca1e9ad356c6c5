export * from './ports';
export * from './use-cases/get-variant-schema.use-case';
export * from './use-cases/run-playground.use-case';
export * from './use-cases/stream-playground.use-case';
