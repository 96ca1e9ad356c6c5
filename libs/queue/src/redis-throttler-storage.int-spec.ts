import { randomBytes } from 'node:crypto';
import { RedisThrottlerStorage } from './redis-throttler-storage';
import { type SilentRedis, TEST_REDIS_URL, deleteTestKeys, startSilentRedis, withTestRedis } from './testing/test-redis';

const LIMIT = 5;
const TTL_MS = 60_000;
const BLOCK_MS = 60_000;

/** Two api processes on one Redis: the requests per address to the sign-in routes count over both. */
describe('sign-in requests per address counted in Redis', () => {
  const prefix = `test-sign-in-requests-${randomBytes(4).toString('hex')}:`;
  const opened: RedisThrottlerStorage[] = [];
  /** `timeoutMs` only where Redis never answers: on a loaded machine the real one may take longer than that. */
  const apiProcess = (keyPrefix = prefix, url = TEST_REDIS_URL, timeoutMs?: number) => {
    const storage = new RedisThrottlerStorage(url, keyPrefix, timeoutMs);
    opened.push(storage);
    return storage;
  };
  const request = (storage: RedisThrottlerStorage, key: string) => storage.increment(key, TTL_MS, LIMIT, BLOCK_MS, 'default');

  afterAll(async () => {
    for (const storage of opened) storage.onApplicationShutdown();
    await deleteTestKeys(prefix);
  });

  it('blocks the request over the limit in every process, wherever the others were made', async () => {
    const [first, second] = [apiProcess(), apiProcess()];
    for (let i = 0; i < LIMIT; i += 1) expect((await request(i % 2 === 0 ? first : second, 'address-a')).isBlocked).toBe(false);

    const over = await request(second, 'address-a');
    expect(over).toMatchObject({ totalHits: LIMIT + 1, isBlocked: true, timeToBlockExpire: BLOCK_MS / 1000 });
    expect((await request(first, 'address-a')).isBlocked).toBe(true);
    // Another address, and another deployment on the same Redis, count apart.
    expect(await request(first, 'address-b')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await request(apiProcess(`${prefix}other:`), 'address-a')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps its keys under the deployment\'s prefix', async () => {
    await request(apiProcess(), 'address-c');
    const keys = await withTestRedis((redis) => redis.keys('*address-c*'));
    expect(keys).not.toHaveLength(0);
    expect(keys.every((key) => key.startsWith(prefix))).toBe(true);
  });

  describe('with Redis not answering', () => {
    let silent: SilentRedis;
    beforeAll(async () => {
      silent = await startSilentRedis();
    });
    afterAll(() => silent.close());

    it('still limits the requests this process sees, and never fails the request itself', async () => {
      const storage = apiProcess(prefix, silent.url, 100);
      for (let i = 0; i < LIMIT; i += 1) expect((await request(storage, 'address-d')).isBlocked).toBe(false);
      expect(await request(storage, 'address-d')).toMatchObject({ totalHits: LIMIT + 1, isBlocked: true });
      expect((await request(storage, 'address-e')).isBlocked).toBe(false);
    });
  });
});
