export * from './idempotency-key-repository.port';
