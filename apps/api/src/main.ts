import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { describeDatabase } from '@crucible/persistence';
import {
  boundHeapGrowth, compileWasmForMemory, createLogger, databaseConfigOf, holdYoungGeneration, letYoungGenerationGrow,
  parseEnvironment, queueConfigOf, reportStartupFailure,
} from '@crucible/platform';
import { bootstrapDefaultProject, createApiApp } from './app.factory';
import { isFirstApiWorker, superviseApiWorkers } from './api-workers';

async function main(): Promise<void> {
  boundHeapGrowth();
  holdYoungGeneration();
  const env = parseEnvironment(process.env);
  const logger = createLogger('crucible-api', env.LOG_LEVEL);
  const database = databaseConfigOf(env);
  const queue = queueConfigOf(env);
  const workers = env.CRUCIBLE_API_WORKERS;
  if (cluster.isPrimary && workers > 1) {
    // Several workers each running jobs in-process would each take the sweeper's re-enqueued runs: jobs go to Redis.
    if (database.kind === 'postgres' && queue.kind === 'bullmq') return superviseApiWorkers(workers, logger);
    const why = database.kind === 'pglite'
      ? 'the embedded database (PGlite) lives in one process; set DATABASE_URL and REDIS_URL to run several api workers'
      : 'without REDIS_URL the api runs evaluations in its own process, which one process must do; set REDIS_URL to run several api workers';
    logger.warn(`CRUCIBLE_API_WORKERS=${workers} ignored: ${why}`);
  }
  if (database.kind === 'pglite') compileWasmForMemory();
  const consoleDir = env.CRUCIBLE_CONSOLE_DIR ?? resolve('dist/apps/web');
  const app = await createApiApp({ environment: env, database, queue, logger, consoleDir });
  // The first worker of several has done it (and printed the key or the setup link) before the others started.
  if (isFirstApiWorker()) await bootstrapDefaultProject(app, logger, env.CRUCIBLE_BOOTSTRAP_API_KEY);
  await app.listen(env.PORT, env.HOST);
  letYoungGenerationGrow();
  logger.info(
    {
      port: env.PORT, host: env.HOST, database: describeDatabase(database), queue: queue.kind === 'bullmq' ? queue.queueName : 'in-process',
      max_connections: (app.getHttpServer() as Server).maxConnections,
    },
    `Crucible api listening on http://${env.HOST}:${env.PORT} (docs at /docs)`,
  );
}

main().catch((error: unknown) => reportStartupFailure('Crucible api', error));
