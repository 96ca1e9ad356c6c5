import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Engine } from './stand';
import { workspaceRoot } from './workspace-root';

/** What `npm start` wraps the api in (glibc's mmap threshold on the embedded engine). */
const SERVER_ENV_SCRIPT = join(workspaceRoot(), 'tools', 'scripts', 'server-env.sh');
/** Stands for the engine the script checks for; what it points to is never opened. */
const SOME_DATABASE_URL = 'postgres://bench@127.0.0.1:5432/bench';

/**
 * The environment `npm start` gives the api on `engine`, read from its wrapper itself, so the bench cannot drift from
 * it. glibc reads it when a process starts, so each engine's api is measured in a process started with it.
 */
export function engineEnvironment(engine: Engine, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // The engine is the bench's to choose, not a DATABASE_URL of the caller's.
  const { DATABASE_URL: _chosenByTheBench, ...rest } = withoutApiSettings(env);
  const given = JSON.parse(execFileSync('sh', [SERVER_ENV_SCRIPT, process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.env))'], {
    env: engine === 'pglite' ? rest : { ...rest, DATABASE_URL: SOME_DATABASE_URL }, encoding: 'utf8',
  })) as NodeJS.ProcessEnv;
  if (engine === 'postgres') delete given['DATABASE_URL'];
  return given;
}

/** The environment without what `npm start` adds for the api: what a service its team starts runs with. */
export function withoutApiSettings(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _apiOnly, ...rest } = env;
  return rest;
}
