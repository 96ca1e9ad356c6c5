// The integration and distributed suites need PostgreSQL and Redis; check both before Jest starts, so a
// missing server fails loudly at once instead of every suite timing out one by one (and nothing is skipped).
import pg from 'pg';
import Redis from 'ioredis';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redacted = (url) => url.replace(/:[^:@/]*@/, ':***@');

async function checkPostgres() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis() {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

let failed = false;
for (const [name, url, check] of [['PostgreSQL', postgresUrl, checkPostgres], ['Redis', redisUrl, checkRedis]]) {
  try {
    await check();
    console.log(`${name} reachable at ${redacted(url)}`);
  } catch (error) {
    console.error(`${name} is required by the test suites (${redacted(url)}): ${error.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
