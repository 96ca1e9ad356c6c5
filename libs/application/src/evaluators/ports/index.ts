export * from './webhook-client.port';
export * from './code-sandbox.port';
export * from './evaluator-service.port';
export * from './evaluator-config-repository.port';
