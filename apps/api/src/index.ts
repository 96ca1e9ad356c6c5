export * from './app.factory';
export * from './openapi';
export { changeOf } from './audit/audited-operations';
export { PERMISSIONS } from './http/permissions';
