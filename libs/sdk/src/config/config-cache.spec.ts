import { ConfigCache } from './config-cache';

describe('ConfigCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 0;
  });

  it('loads once while fresh and shares one in-flight load between concurrent callers', async () => {
    const cache = new ConfigCache<number>(1000, undefined, clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('serves stale then the refreshed value', async () => {
    const cache = new ConfigCache<number>(1000, undefined, clock);
    let value = 1;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await cache.get('k', async () => value);
    now = 1000;
    value = 2;
    expect(await cache.get('k', async () => (await gate, value))).toBe(1);
    release();
    await gate;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 99)).toBe(2);
  });

  it('keeps the stale value on a failed refresh, and evicts when told the failure is authoritative', async () => {
    const cache = new ConfigCache<number>(10, (error) => error instanceof RangeError, clock);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 1);
    now = 50;
    expect(await cache.get('a', async () => Promise.reject(new Error('down')))).toBe(1);
    expect(await cache.get('b', async () => Promise.reject(new RangeError('gone')))).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', async () => Promise.reject(new Error('down')))).toBe(1);
    await expect(cache.get('b', async () => Promise.reject(new RangeError('gone')))).rejects.toThrow('gone');
  });

  it('propagates a failure when nothing is cached', async () => {
    const cache = new ConfigCache<number>(10);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
