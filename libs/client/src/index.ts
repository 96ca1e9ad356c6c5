export * from './crucible-client';
export * from './api-error-text';
export * from './next-page';
export * from './wire-types';
