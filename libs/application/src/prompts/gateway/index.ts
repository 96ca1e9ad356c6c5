export * from './deployed-config-cache';
export * from './deployed-config-loader';
export * from './gateway-answer';
export * from './gateway-trace';
export * from './invoke-app.use-case';
export * from './stream-app.use-case';
