export * from './crucible-client';
export * from './api-error-text';
