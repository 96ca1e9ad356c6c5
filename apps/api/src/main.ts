import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { databaseConfigFromEnv, describeDatabase } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';
import { queueConfigFromEnv } from '@crucible/queue';
import { bootstrapDefaultProject, createApiApp, resumeInProcessWork } from './app.factory';

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
  const logger = createLogger('crucible-api');
  const database = databaseConfigFromEnv();
  if (database.kind === 'pglite') compileWasmForMemory();
  const queue = queueConfigFromEnv(process.env, false);
  const consoleDir = process.env['CRUCIBLE_CONSOLE_DIR'] ?? resolve('dist/apps/web');
  const app = await createApiApp({ database, queue, logger, consoleDir });
  await bootstrapDefaultProject(app, logger, process.env['CRUCIBLE_BOOTSTRAP_API_KEY']);
  const port = Number(process.env['PORT'] ?? 8000);
  const host = process.env['HOST'] ?? '0.0.0.0';
  await app.listen(port, host);
  await resumeInProcessWork(app, queue, logger);
  logger.info({ port, host, database: describeDatabase(database), queue: queue.kind }, `Crucible api listening on http://${host}:${port} (docs at /docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Crucible api failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
