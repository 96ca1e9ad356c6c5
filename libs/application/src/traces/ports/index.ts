export * from './trace.repository.port';
export * from './trace-ingest-limits.port';
