import { randomBytes } from 'node:crypto';
import { FAILED_SIGN_INS_ALLOWED, FAILED_SIGN_IN_WINDOW_MS } from '@crucible/application';
import { RedisFailedSignIns } from './redis-failed-sign-ins';
import { type SilentRedis, TEST_REDIS_URL, deleteTestKeys, startSilentRedis, withTestRedis } from './testing/test-redis';

/** Two api processes on one Redis (ARCHITECTURE §17: ten failed sign-ins per email per fifteen minutes, in all). */
describe('failed sign-ins counted in Redis', () => {
  const prefix = `test-failed-sign-ins-${randomBytes(4).toString('hex')}:`;
  const opened: RedisFailedSignIns[] = [];
  /** `timeoutMs` only where Redis never answers: on a loaded machine the real one may take longer than that. */
  const apiProcess = (keyPrefix = prefix, url = TEST_REDIS_URL, timeoutMs?: number) => {
    const failures = new RedisFailedSignIns(url, keyPrefix, timeoutMs);
    opened.push(failures);
    return failures;
  };

  afterAll(async () => {
    for (const failures of opened) failures.onApplicationShutdown();
    await deleteTestKeys(prefix);
  });

  it('shares the count between processes: ten failures in all, wherever they happened, refuse the next attempt everywhere', async () => {
    const [first, second] = [apiProcess(), apiProcess()];
    const start = Date.now();
    for (let i = 0; i < FAILED_SIGN_INS_ALLOWED - 1; i += 1) await (i % 2 === 0 ? first : second).record('ada@example.com', start + i);
    expect(await first.retryAfterSeconds('ada@example.com', start + 100)).toBeNull();
    expect(await second.retryAfterSeconds('ada@example.com', start + 100)).toBeNull();

    await second.record('Ada@Example.com', start + 100);
    expect(await first.retryAfterSeconds('ADA@example.com', start + 200)).toBe(FAILED_SIGN_IN_WINDOW_MS / 1000);
    expect(await second.retryAfterSeconds('ada@example.com', start + 200)).toBe(FAILED_SIGN_IN_WINDOW_MS / 1000);
    // Another address, and another deployment on the same Redis, count apart.
    expect(await first.retryAfterSeconds('bob@example.com', start + 200)).toBeNull();
    expect(await apiProcess(`${prefix}other:`).retryAfterSeconds('ada@example.com', start + 200)).toBeNull();
    // Fifteen minutes after the first failure, one more attempt may be made.
    expect(await first.retryAfterSeconds('ada@example.com', start + FAILED_SIGN_IN_WINDOW_MS + 1)).toBeNull();
  });

  it('keeps the address out of Redis: the key holds its hash', async () => {
    await apiProcess().record('carol@example.com');
    const keys = await withTestRedis((redis) => redis.keys(`${prefix}*`));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('carol');
  });

  describe('with Redis not answering', () => {
    let silent: SilentRedis;
    beforeAll(async () => {
      silent = await startSilentRedis();
    });
    afterAll(async () => {
      for (const failures of opened) failures.onApplicationShutdown();
      await silent.close();
    });

    it('still limits the attempts this process sees, and never fails the sign-in itself', async () => {
      const failures = apiProcess(prefix, silent.url, 100);
      const start = Date.now();
      for (let i = 0; i < FAILED_SIGN_INS_ALLOWED; i += 1) await failures.record('dave@example.com', start + i);
      expect(await failures.retryAfterSeconds('dave@example.com', start + 100)).toBe(FAILED_SIGN_IN_WINDOW_MS / 1000);
      expect(await failures.retryAfterSeconds('erin@example.com', start + 100)).toBeNull();
    });
  });
});
