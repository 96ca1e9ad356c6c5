import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Redis } from 'ioredis';
import { throttled } from '@crucible/application';
import { signInRedis } from './sign-in-redis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The record that refuses sooner: a block first, then the higher count. */
const stricter = (local: ThrottlerStorageRecord, shared: ThrottlerStorageRecord) =>
  shared.isBlocked || (!local.isBlocked && shared.totalHits >= local.totalHits) ? shared : local;

/**
 * Requests per address to the sign-in routes counted in Redis (distributed mode), so the limit holds over every api
 * process rather than per process. The keys are the throttler's own (a hash of route and address). As with failed
 * sign-ins, this process counts too and the stricter count answers: Redis away, the limit still holds per process,
 * and a sign-in never fails for it.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('SignInThrottle');
  private readonly warn = throttled(30_000, (message) => this.logger.warn(message));
  private readonly local = new ThrottlerStorageService();
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;

  /** `keyPrefix` keeps deployments (and test runs) sharing one Redis apart. */
  constructor(redisUrl: string, keyPrefix: string, timeoutMs?: number) {
    this.redis = signInRedis(redisUrl, this.warn, timeoutMs, keyPrefix);
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const local = await this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    try {
      return stricter(local, await this.shared.increment(key, ttl, limit, blockDuration, throttlerName));
    } catch (error) {
      this.warn(`requests to sign in counted in this process only: ${(error as Error).message}`);
      return local;
    }
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
    this.redis.disconnect();
  }
}
