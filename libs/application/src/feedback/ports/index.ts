export * from './score-config.repository.port';
export * from './score.repository.port';
export * from './annotation-queue.repository.port';
export * from './online-evaluation.repository.port';
export * from './online-evaluation-settings.port';
