import type { DataSource } from 'typeorm';

/** Any constant shared by every Crucible process; "crucible" in ASCII. */
const MIGRATION_LOCK_KEY = 0x63727563;

/**
 * An api and runners starting together would each create the same tables; a session-level advisory lock,
 * held on its own connection while the migrations run on others, lets one migrate and the rest find it done.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lockHolder.release();
  }
}
