import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { describeDatabase } from '@crucible/persistence';
import {
  boundHeapGrowth, createLogger, databaseConfigOf, parseEnvironment, queueConfigOf, reportStartupFailure,
} from '@crucible/platform';
import { bootstrapDefaultProject, createApiApp } from './app.factory';

/**
 * PGlite is a 9 MB WebAssembly module. V8 compiles it with its baseline compiler (Liftoff) and then again with
 * TurboFan in the background; the optimised copy costs ~50 MB that an idle service keeps for good. Baseline code
 * is fast enough for a local database (and on a busy 2-core box faster overall, with no background compile).
 * Must run before the module is compiled, i.e. before the data source opens.
 */
function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}

async function main(): Promise<void> {
  boundHeapGrowth();
  const env = parseEnvironment(process.env);
  const logger = createLogger('crucible-api', env.LOG_LEVEL);
  const database = databaseConfigOf(env);
  if (database.kind === 'pglite') compileWasmForMemory();
  const queue = queueConfigOf(env, false);
  const consoleDir = env.CRUCIBLE_CONSOLE_DIR ?? resolve('dist/apps/web');
  const app = await createApiApp({ database, queue, logger, consoleDir });
  await bootstrapDefaultProject(app, logger, env.CRUCIBLE_BOOTSTRAP_API_KEY);
  await app.listen(env.PORT, env.HOST);
  logger.info(
    { port: env.PORT, host: env.HOST, database: describeDatabase(database), queue: queue.kind === 'bullmq' ? queue.queueName : 'in-process' },
    `Crucible api listening on http://${env.HOST}:${env.PORT} (docs at /docs)`,
  );
}

main().catch((error: unknown) => reportStartupFailure('Crucible api', error));
