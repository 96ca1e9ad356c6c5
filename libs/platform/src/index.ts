export * from './logging/logger';
export * from './logging/loggable-error';
export * from './core.module';
export * from './adapters/service-defaults.adapter';
export * from './config/environment.schema';
export * from './config/crucible-config.module';
export * from './config/server-config';
export * from './config/startup-failure';
