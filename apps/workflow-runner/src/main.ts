import { describeDatabase } from '@crucible/persistence';
import {
  InvalidEnvironmentError, boundHeapGrowth, createLogger, databaseConfigOf, holdYoungGeneration, letYoungGenerationGrow,
  parseEnvironment, queueConfigOf, reportStartupFailure,
} from '@crucible/platform';
import { createRunnerApp } from './runner.factory';

async function main(): Promise<void> {
  boundHeapGrowth();
  holdYoungGeneration();
  const env = parseEnvironment(process.env);
  const logger = createLogger('crucible-workflow-runner', env.LOG_LEVEL);
  const database = databaseConfigOf(env);
  // A runner neither lists evaluations nor authenticates requests: it has no use for a listening connection.
  if (database.kind === 'postgres') database.changeNotices = false;
  const queue = queueConfigOf(env);
  if (queue.kind !== 'bullmq') {
    throw new InvalidEnvironmentError(['REDIS_URL must be set: the workflow-runner consumes the shared queue (without it the api runs evaluations in-process)']);
  }
  const app = await createRunnerApp({ environment: env, database, queue, logger });
  await app.listen(env.RUNNER_PORT, env.HOST);
  letYoungGenerationGrow();
  logger.info(
    { port: env.RUNNER_PORT, database: describeDatabase(database), queue: queue.queueName },
    `workflow-runner up, consuming queue "${queue.queueName}" (health at http://${env.HOST}:${env.RUNNER_PORT}/health)`,
  );
}

main().catch((error: unknown) => reportStartupFailure('workflow-runner', error));
