export * from './in-process-job-queue';
export * from './bullmq-job-queue';
export * from './bullmq-job-worker';
export * from './queue.providers';
