export * from './provider-kind';
export * from './call-usage';
export * from './provider-kind-specs';
export * from './provider-connection';
export * from './model';
