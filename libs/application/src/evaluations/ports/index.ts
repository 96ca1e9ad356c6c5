export * from './evaluation-repository.port';
