import { hashApiKey } from '@crucible/application';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { ApiKeyRevocationAndPublicPrefix1765000000100 } from './1765000000100-api-key-revocation-and-public-prefix';

describe.each<TestEngine>(['pglite', 'postgres'])('migration 1765000000100 on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  }, 60_000);
  afterAll(() => database?.close());

  it('replaces every stored prefix, once the secret\'s first characters, with a public identifier', async () => {
    const { dataSource, actor } = database;
    const migration = new ApiKeyRevocationAndPublicPrefix1765000000100();
    const runner = dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const rawKey = 'Passw0rd-and-some-more-characters-0123';
      await runner.query(
        `INSERT INTO api_keys (id, project_id, name, prefix, key_hash, role, created_at) VALUES (gen_random_uuid(), $1, 'old', $2, $3, 'admin', now())`,
        [actor.projectId, rawKey.slice(0, 8), hashApiKey(rawKey)],
      );
      await migration.up(runner);
      const rows: Array<{ prefix: string; revoked_at: Date | null }> = await runner.query('SELECT prefix, revoked_at FROM api_keys');
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.prefix).toMatch(/^crc_[0-9a-f]{8}$/);
        expect(row.revoked_at).toBeNull();
      }
      expect(new Set(rows.map((row) => row.prefix)).size).toBe(rows.length);
    } finally {
      await runner.release();
    }
  });
});
