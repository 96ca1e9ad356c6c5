export * from './environment-repository.port';
