export * from './job-queue.port';
export * from './workflow-invoker.port';
export * from './run-repository.port';
export * from './run-reporter.port';
export * from './run-storage-policy.port';
