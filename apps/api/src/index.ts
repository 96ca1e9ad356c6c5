export * from './app.factory';
export * from './openapi';
export { changeOf } from './audit/audited-operations';
