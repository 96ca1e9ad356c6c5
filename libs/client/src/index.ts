export * from './crucible-client';
