export * from './runner.factory';
