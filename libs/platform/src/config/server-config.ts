import type { DatabaseConfig } from '@crucible/persistence';
import type { QueueConfig } from '@crucible/queue';
import { EMBEDDED_ALLOWED_PRIVATE_HOSTS, type OutboundConfig } from '@crucible/integrations';
import type { CrucibleEnvironment } from './environment.schema';

export function databaseConfigOf(env: CrucibleEnvironment): DatabaseConfig {
  if (env.DATABASE_URL) {
    return { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, changeNotices: env.CRUCIBLE_CHANGE_NOTICES === 'on' };
  }
  return { kind: 'pglite', dataDir: env.CRUCIBLE_DATA_DIR };
}

/** Without REDIS_URL the process runs its jobs itself; with it, jobs go through BullMQ to whichever process consumes. */
export function queueConfigOf(env: CrucibleEnvironment): QueueConfig {
  if (!env.REDIS_URL) return { kind: 'in-process', concurrency: env.RUNNER_CONCURRENCY };
  return {
    kind: 'bullmq', redisUrl: env.REDIS_URL, concurrency: env.RUNNER_CONCURRENCY,
    lockDurationMs: env.RUNNER_LOCK_DURATION_MS, queueName: env.QUEUE_NAME,
  };
}

/** Local services work out of the box in embedded mode; a shared deployment opts in to each private host. */
export function outboundConfigOf(env: CrucibleEnvironment, mode: 'embedded' | 'distributed'): OutboundConfig {
  const listed = env.CRUCIBLE_ALLOWED_PRIVATE_HOSTS ?? (mode === 'embedded' ? EMBEDDED_ALLOWED_PRIVATE_HOSTS : '');
  return {
    allowedPrivateHosts: listed.split(',').map((host) => host.trim()).filter(Boolean),
    maxResponseBytes: env.CRUCIBLE_MAX_RESPONSE_BYTES,
  };
}
