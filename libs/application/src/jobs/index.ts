export * from './ports';
export * from './dispatch-job.use-case';
export * from './settle-failed-job.use-case';
export * from './sweep-unfinished-runs.use-case';
