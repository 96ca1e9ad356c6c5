export * from './app.factory';
export * from './openapi';
export { expectedEventOf } from './audit/audited-operations';
export { PERMISSIONS } from './http/permissions';
