import { databaseConfigFromEnv, describeDatabase } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';
import { queueConfigFromEnv } from '@crucible/queue';
import { createRunnerApp } from './runner.factory';

async function main(): Promise<void> {
  const logger = createLogger('crucible-workflow-runner');
  const database = databaseConfigFromEnv();
  const queue = queueConfigFromEnv(process.env, true);
  if (queue.kind !== 'bullmq') {
    throw new Error('the workflow-runner consumes the shared queue: set REDIS_URL (without it the api runs evaluations in-process)');
  }
  const app = await createRunnerApp({ database, queue, logger });
  const port = Number(process.env['RUNNER_PORT'] ?? 8001);
  const host = process.env['HOST'] ?? '0.0.0.0';
  await app.listen(port, host);
  logger.info({ port, database: describeDatabase(database) }, `workflow-runner up (health at http://${host}:${port}/health)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`workflow-runner failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
