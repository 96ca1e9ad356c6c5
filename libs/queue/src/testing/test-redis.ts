import { type Socket, createServer } from 'node:net';
import { Redis } from 'ioredis';
import { redisConnection } from '../bullmq-settings';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** `use` on a connection of its own to the test Redis, closed after. */
export async function withTestRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(redisConnection(TEST_REDIS_URL));
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** Removes what a test run wrote under its own prefix. */
export const deleteTestKeys = (prefix: string) => withTestRedis(async (redis) => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
});

export interface SilentRedis {
  url: string;
  close(): Promise<void>;
}

/** A "Redis" that accepts connections and never answers: every command waits until it times out. */
export async function startSilentRedis(): Promise<SilentRedis> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
