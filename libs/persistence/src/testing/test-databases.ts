import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestPostgres {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database per suite (crucible_test_<random>), so suites run in parallel without sharing rows;
 * drop() removes only the database this call created.
 */
export async function createTestPostgres(): Promise<TestPostgres> {
  const name = `crucible_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
