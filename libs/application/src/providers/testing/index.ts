export * from './in-memory-connection-credentials';
export * from './in-memory-model-pricing';
export * from './in-memory-llm-gateway';
