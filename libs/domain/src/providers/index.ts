export * from './provider-kind';
export * from './call-usage';
export * from './model';
