import { databaseConfigFromEnv, describeDatabase } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';
import { bootstrapDefaultProject, createApiApp } from './app.factory';

async function main(): Promise<void> {
  const logger = createLogger('crucible-api');
  const database = databaseConfigFromEnv();
  const app = await createApiApp({ database, logger });
  await bootstrapDefaultProject(app, logger, process.env['CRUCIBLE_BOOTSTRAP_API_KEY']);
  const port = Number(process.env['PORT'] ?? 8000);
  const host = process.env['HOST'] ?? '0.0.0.0';
  await app.listen(port, host);
  logger.info({ port, host, database: describeDatabase(database) }, `Crucible api listening on http://${host}:${port} (docs at /docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Crucible api failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
