export * from './in-memory-webhook-client';
export * from './in-memory-code-sandbox';
