export * from './logging/logger';
export * from './core.module';
export * from './adapters/service-defaults.adapter';
