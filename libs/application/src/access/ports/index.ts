export * from './project-repository.port';
export * from './api-key-repository.port';
