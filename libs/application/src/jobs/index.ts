export * from './dispatch-job.use-case';
export * from './requeue-unfinished-runs.use-case';
