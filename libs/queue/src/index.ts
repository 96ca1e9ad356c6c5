export * from './in-process-job-queue';
// The BullMQ adapters are loaded by queueProviders only in distributed mode.
export * from './bullmq-settings';
export * from './queue.providers';
export * from './sign-in-counting.providers';
export * from './queue-consumer.module';
