import { Redis } from 'ioredis';
import { redisConnection } from './bullmq-settings';

/**
 * How long a sign-in waits for Redis before it counts on this process's own tally. Not less: the first command also
 * connects, and a loaded machine took more than a second for that (a failure then missed the shared count).
 */
export const SIGN_IN_REDIS_TIMEOUT_MS = 3000;

/**
 * The connection sign-in counting uses: made at the first command (a process that signs nobody in, a runner, holds
 * none), one try per command and a short timeout, so a Redis away delays a sign-in by `timeoutMs` at most.
 */
export function signInRedis(redisUrl: string, onError: (message: string) => void, timeoutMs = SIGN_IN_REDIS_TIMEOUT_MS, keyPrefix?: string): Redis {
  const redis = new Redis({ ...redisConnection(redisUrl), keyPrefix, lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: timeoutMs });
  redis.on('error', (error: Error) => onError(`redis: ${error.message}`));
  return redis;
}
