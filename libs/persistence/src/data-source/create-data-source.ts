import { mkdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { analyzeWhileOpen } from './auto-analyze';
import { joinAmbientTransactions } from './ambient-transaction';
import { PgliteChangeNotices, PostgresChangeNotices, attachChangeNotices } from './change-notices';
import { openPglite } from './open-pglite';
import { createPglitePgModule } from './pglite-pool';
import { lockDataDirectory } from './pglite-directory-lock';
import { runMigrationsExclusively } from './migration-lock';
import { MIGRATIONS, ORM_ENTITIES } from './schema';

export type DatabaseConfig =
  /**
   * changeNotices (default true): listen for the change notices (change-notices.ts) on a connection of its own.
   * Off, every listing and key lookup reads: for a URL through a transaction-pooling proxy, which does not carry LISTEN.
   */
  | { kind: 'postgres'; url: string; poolSize?: number; changeNotices?: boolean }
  /** dataDir null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite (${config.dataDir ?? 'in memory'})`;
  return `PostgreSQL (${config.url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:***@')})`;
}

/** A connection attempt to an unreachable server fails after this long instead of waiting for the OS. */
const CONNECT_TIMEOUT_MS = 5000;

/** Builds, connects and migrates a data source; the same migrations run on both engines. */
export async function openDataSource(config: DatabaseConfig): Promise<DataSource> {
  const common = { type: 'postgres' as const, entities: ORM_ENTITIES, migrations: MIGRATIONS, migrationsRun: false, synchronize: false };
  if (config.kind === 'postgres') {
    const dataSource = new DataSource({
      ...common, url: config.url, poolSize: config.poolSize ?? 10, connectTimeoutMS: CONNECT_TIMEOUT_MS,
    });
    joinAmbientTransactions(dataSource);
    await dataSource.initialize();
    try {
      await runMigrationsExclusively(dataSource);
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
    analyzeWhileOpen(dataSource);
    if (config.changeNotices !== false) attachChangeNotices(dataSource, await PostgresChangeNotices.listen(config.url));
    return dataSource;
  }
  const release = config.dataDir ? lockPgliteDirectory(config.dataDir) : () => undefined;
  try {
    const db = await openPglite(config.dataDir);
    const dataSource = new DataSource({ ...common, driver: createPglitePgModule(db, release) });
    joinAmbientTransactions(dataSource);
    await dataSource.initialize();
    // One process owns a PGlite directory (the lock above), so nothing else can race these migrations.
    await dataSource.runMigrations({ transaction: 'each' });
    analyzeWhileOpen(dataSource);
    attachChangeNotices(dataSource, await PgliteChangeNotices.listen(db, dataSource));
    return dataSource;
  } catch (error) {
    release();
    throw error;
  }
}

function lockPgliteDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  return lockDataDirectory(dataDir);
}

/** How long a shutdown waits for the statements and transactions in progress. */
const CLOSE_GRACE_MS = 10_000;

/**
 * Closes the data source once no query runner is in use, or after `graceMs`. TypeORM's destroy releases the
 * connections of query runners still in use: a request or a runner's write caught in the middle of a transaction
 * failed at shutdown with "Connection terminated", and its answer was a 500.
 */
export async function closeDataSource(dataSource: DataSource, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const inUse = (dataSource.driver as PostgresDriver).connectedQueryRunners;
  const deadline = Date.now() + graceMs;
  while (inUse.length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await dataSource.destroy();
}
