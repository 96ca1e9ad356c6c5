export * from './testset-repository.port';
