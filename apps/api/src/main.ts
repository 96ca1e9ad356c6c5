import { resolve } from 'node:path';
import { databaseConfigFromEnv, describeDatabase } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';
import { queueConfigFromEnv } from '@crucible/queue';
import { bootstrapDefaultProject, createApiApp, resumeInProcessWork } from './app.factory';

async function main(): Promise<void> {
  const logger = createLogger('crucible-api');
  const database = databaseConfigFromEnv();
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
