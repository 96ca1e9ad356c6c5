export * from './trace.repository.port';
export * from './trace-ingest-limits.port';
export * from './trace-session.repository.port';
