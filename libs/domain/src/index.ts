export * from './shared/result';
export * from './shared/domain-error';
export * from './access/project';
export * from './registry/names';
export * from './registry/app';
export * from './registry/variant';
export * from './environments/environment';
