export * from './connection-credentials.port';
export * from './model-pricing.port';
export * from './llm-gateway.port';
export * from './secret-cipher.port';
export * from './provider-connection-repository.port';
export * from './secret-key-check-repository.port';
export * from './provider-probe.port';
export * from './environment-connection.port';
