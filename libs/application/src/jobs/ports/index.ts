export * from './exclusive-lock.port';
export * from './outage-classifier.port';
export * from './periodic-job-leadership.port';
