import { databaseConfigFromEnv, describeDatabase } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';
import { createRunnerApp } from './runner.factory';

async function main(): Promise<void> {
  const logger = createLogger('crucible-workflow-runner');
  const database = databaseConfigFromEnv();
  const app = await createRunnerApp({ database, logger });
  const port = Number(process.env['RUNNER_PORT'] ?? 8001);
  const host = process.env['HOST'] ?? '0.0.0.0';
  await app.listen(port, host);
  logger.info({ port, database: describeDatabase(database) }, `workflow-runner up (health at http://${host}:${port}/health)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`workflow-runner failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
