export * from './app.factory';
export * from './openapi';
