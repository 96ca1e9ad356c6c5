export * from './llm-client.port';
export * from './webhook-client.port';
export * from './code-sandbox.port';
