export * from './service-describer.port';
