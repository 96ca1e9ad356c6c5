export * from './app.factory';
