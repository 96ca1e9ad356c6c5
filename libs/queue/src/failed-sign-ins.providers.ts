import type { Provider } from '@nestjs/common';
import { FailedSignIns, InProcessFailedSignIns } from '@crucible/application';
import type { QueueConfig } from './queue.providers';

/**
 * Where failed sign-ins are counted: in this process when it is the only one (embedded mode), in the Redis the
 * queue uses when there may be several (distributed mode), under the queue's name.
 */
export function failedSignInsProvider(config: QueueConfig): Provider {
  if (config.kind === 'in-process') return { provide: FailedSignIns, useFactory: () => new InProcessFailedSignIns() };
  // ioredis loads only here, as bullmq does: the embedded default never needs it.
  return {
    provide: FailedSignIns,
    useFactory: async () => new (await import('./redis-failed-sign-ins')).RedisFailedSignIns(config.redisUrl, `${config.queueName}:failed-sign-ins:`),
  };
}
