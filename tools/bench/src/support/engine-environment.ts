import type { Engine } from './stand';

/**
 * The environment `npm start` gives the api on `engine` (tools/scripts/server-env.sh): glibc's mmap threshold on the
 * embedded engine, none on PostgreSQL. glibc reads it when a process starts, so each engine's api is measured in a
 * process started with it.
 */
export function engineEnvironment(engine: Engine, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const rest = withoutApiSettings(env);
  return engine === 'pglite' ? { ...rest, MALLOC_MMAP_THRESHOLD_: '131072' } : rest;
}

/** The environment without what `npm start` adds for the api: what a service its team starts runs with. */
export function withoutApiSettings(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _apiOnly, ...rest } = env;
  return rest;
}
