export * from './app-repository.port';
export * from './variant-repository.port';
export * from './service-describer.port';
