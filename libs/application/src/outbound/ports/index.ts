export * from './outbound-guard.port';
