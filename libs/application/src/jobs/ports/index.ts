export * from './exclusive-lock.port';
export * from './outage-classifier.port';
