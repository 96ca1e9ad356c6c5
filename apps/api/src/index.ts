export * from './app.factory';
export * from './openapi';
export { PERMISSIONS } from './http/permissions';
