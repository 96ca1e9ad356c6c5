export * from './ports';
export * from './use-cases/answer-once.use-case';
