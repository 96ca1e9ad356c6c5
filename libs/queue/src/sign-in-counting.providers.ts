import type { Provider } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { FailedSignIns, InProcessFailedSignIns } from '@crucible/application';
import type { QueueConfig } from './queue.providers';

/*
 * Sign-in attempts are counted in this process when it is the only one (embedded mode), in the Redis the queue uses
 * when there may be several (distributed mode), under the queue's name. ioredis loads only there, as bullmq does:
 * the embedded default never needs it.
 */

/** Failed sign-ins per email. */
export function failedSignInsProvider(config: QueueConfig): Provider {
  if (config.kind === 'in-process') return { provide: FailedSignIns, useFactory: () => new InProcessFailedSignIns() };
  return {
    provide: FailedSignIns,
    useFactory: async () => new (await import('./redis-failed-sign-ins')).RedisFailedSignIns(config.redisUrl, `${config.queueName}:failed-sign-ins:`),
  };
}

/** Requests per address to the sign-in routes; undefined leaves @nestjs/throttler its in-process storage. */
export async function signInThrottlerStorage(config: QueueConfig): Promise<ThrottlerStorage | undefined> {
  if (config.kind === 'in-process') return undefined;
  return new (await import('./redis-throttler-storage')).RedisThrottlerStorage(config.redisUrl, `${config.queueName}:sign-in-requests:`);
}
