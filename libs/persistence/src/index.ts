export * from './data-source/create-data-source';
export * from './data-source/database-errors';
export * from './persistence.module';
export * from './testing/test-databases';
export * from './data-source/pglite-directory-lock';
export * from './repositories/provider-connection.directory';
