import { Client } from 'pg';
import type { DataSource, Logger } from 'typeorm';

/**
 * A statement outside the repository's connections: on PostgreSQL a client of its own, as another process would
 * run it; PGlite has one session.
 */
export async function runElsewhere(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<void> {
  const { url } = dataSource.options as { url?: string };
  if (!url) return void (await dataSource.query(sql, parameters));
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, parameters);
  } finally {
    await client.end();
  }
}

/** Counts the SQL statements a data source sends while `work` runs. */
export async function countQueries(dataSource: DataSource, work: () => Promise<unknown>): Promise<number> {
  const original = dataSource.logger;
  let count = 0;
  dataSource.logger = new Proxy(original, {
    get: (target, property: keyof Logger) => (property === 'logQuery'
      ? () => { count += 1; }
      : target[property]),
  });
  try {
    await work();
  } finally {
    dataSource.logger = original;
  }
  return count;
}
