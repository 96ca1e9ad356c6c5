export * from './logging/logger';
export * from './core.module';
export * from './service-defaults.adapter';
