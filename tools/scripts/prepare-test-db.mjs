// Makes sure the PostgreSQL server the integration suites use is reachable before Jest starts,
// so a missing server fails loudly instead of every suite timing out one by one.
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  console.log(`PostgreSQL reachable at ${url.replace(/:[^:@/]*@/, ':***@')}`);
} catch (error) {
  console.error(`PostgreSQL is required for the integration suites (${url}): ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}
