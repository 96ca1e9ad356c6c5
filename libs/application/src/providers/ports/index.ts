export * from './connection-credentials.port';
export * from './model-pricing.port';
export * from './provider-connection-directory.port';
export * from './custom-model.repository.port';
export * from './model-catalog.port';
