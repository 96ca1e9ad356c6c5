export * from './trace.contract';
export * from './trace-ingest.contract';
export * from './otlp-trace.contract';
export * from './workflow-invocation.contract';
export * from './config-registry.contract';
export * from './jobs.contract';
export * from './sdk-openapi.contract';
export * from './playground.contract';
