export * from './connection-credentials.port';
export * from './model-pricing.port';
export * from './llm-gateway.port';
