/** The environment, parsed once at start (main.ts, or the app factory in tests) and provided under this token. */
export const CRUCIBLE_ENVIRONMENT = Symbol('CrucibleEnvironment');
