export * from './human-evaluation-repository.port';
