import { createHash, randomUUID } from 'node:crypto';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { normalizeEmail } from '@crucible/domain';
import { FAILED_SIGN_IN_WINDOW_MS, FailedSignIns, InProcessFailedSignIns, retryAfterOf, throttled } from '@crucible/application';
import { signInRedis } from './sign-in-redis';

/**
 * Failed sign-ins counted in Redis (distributed mode), so every api process (CRUCIBLE_API_WORKERS, several servers)
 * sees the same count: one sorted set per email, scored by the failure's time, trimmed to the window and expiring
 * with it. The key holds a hash of the address, not the address. This process keeps its own tally too, and answers
 * the stricter of the two: Redis away (timed out, down), the limit still holds per process, as in embedded mode.
 */
export class RedisFailedSignIns extends FailedSignIns implements OnApplicationShutdown {
  private readonly logger = new Logger('FailedSignIns');
  private readonly warn = throttled(30_000, (message) => this.logger.warn(message));
  private readonly redis: Redis;
  private readonly local = new InProcessFailedSignIns();

  /** `keyPrefix` keeps deployments (and test runs) sharing one Redis apart. */
  constructor(redisUrl: string, private readonly keyPrefix: string, timeoutMs?: number) {
    super();
    this.redis = signInRedis(redisUrl, this.warn, timeoutMs);
  }

  async retryAfterSeconds(email: string, now = Date.now()): Promise<number | null> {
    const local = await this.local.retryAfterSeconds(email, now);
    let shared: number | null = null;
    try {
      const scored = await this.redis.zrangebyscore(this.keyOf(email), `(${now - FAILED_SIGN_IN_WINDOW_MS}`, '+inf', 'WITHSCORES');
      shared = retryAfterOf(scored.filter((_, at) => at % 2 === 1).map(Number), now);
    } catch (error) {
      this.warn(`failed sign-ins counted in this process only: ${(error as Error).message}`);
    }
    return local === null || shared === null ? local ?? shared : Math.max(local, shared);
  }

  async record(email: string, now = Date.now()): Promise<void> {
    await this.local.record(email, now);
    const key = this.keyOf(email);
    try {
      const replies = await this.redis.multi()
        .zadd(key, now, `${now}:${randomUUID()}`)
        .zremrangebyscore(key, '-inf', now - FAILED_SIGN_IN_WINDOW_MS)
        .pexpire(key, FAILED_SIGN_IN_WINDOW_MS)
        .exec();
      const refused = replies?.find(([error]) => error)?.[0];
      if (refused) throw refused;
    } catch (error) {
      this.warn(`a failed sign-in was counted in this process only: ${(error as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private keyOf(email: string): string {
    return `${this.keyPrefix}${createHash('sha256').update(normalizeEmail(email)).digest('base64url')}`;
  }
}
