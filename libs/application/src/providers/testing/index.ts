export * from './in-memory-connection-credentials';
export * from './in-memory-model-pricing';
