import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { relaySiblingNotices } from '@crucible/integrations';

/** The worker that migrates the database and bootstraps the default project, alone, before the others start. */
export const isFirstApiWorker = (): boolean => !cluster.isWorker || cluster.worker?.id === 1;

/**
 * The primary process of CRUCIBLE_API_WORKERS (node:cluster; the workers share the port). It forks the first worker,
 * the others once that one listens, relays their cache notices (a deploy on one is seen by the next call on every
 * one), and stops them together: SIGTERM or SIGINT asks each to stop gracefully (Nest's shutdown hooks: answers in
 * flight, pending traces); one that dies on its own stops the others, and the api exits 1 for its supervisor.
 */
export function superviseApiWorkers(count: number, logger: Logger): void {
  relaySiblingNotices(cluster);
  let stopping = false;
  let exitCode = 0;
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      logger.error({ worker: worker.id, code, signal }, 'an api worker stopped on its own: stopping the others');
      exitCode = 1;
      stopAll();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stopAll);
  cluster.fork().once('listening', () => {
    for (let started = 1; started < count && !stopping; started++) cluster.fork();
    logger.info({ workers: count }, `Crucible api: ${count} workers share the port`);
  });
}
