export * from './project-repository.port';
export * from './api-key-repository.port';
export * from './user-repository.port';
export * from './membership-repository.port';
export * from './session-store.port';
export * from './setup-token-repository.port';
export * from './password-hasher.port';
