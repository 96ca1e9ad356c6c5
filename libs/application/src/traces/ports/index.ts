export * from './trace.repository.port';
