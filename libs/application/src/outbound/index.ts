export * from './ports';
export * from './check-configured-url';
