import { mkdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { PGlite } from '@electric-sql/pglite';
import { createPglitePgModule } from './pglite-pool';
import { MIGRATIONS, ORM_ENTITIES } from './schema';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env['DATABASE_URL']) return { kind: 'postgres', url: env['DATABASE_URL'], poolSize: Number(env['DATABASE_POOL_SIZE'] ?? 10) };
  return { kind: 'pglite', dataDir: env['CRUCIBLE_DATA_DIR'] ?? '.data' };
}

export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite (${config.dataDir ?? 'in memory'})`;
  return `PostgreSQL (${config.url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:***@')})`;
}

/** Builds, connects and migrates a data source; the same migrations run on both engines. */
export async function openDataSource(config: DatabaseConfig): Promise<DataSource> {
  const common = { type: 'postgres' as const, entities: ORM_ENTITIES, migrations: MIGRATIONS, migrationsRun: false, synchronize: false };
  let dataSource: DataSource;
  if (config.kind === 'postgres') {
    dataSource = new DataSource({ ...common, url: config.url, poolSize: config.poolSize ?? 10 });
  } else {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const db = await PGlite.create(config.dataDir ? { dataDir: config.dataDir } : {});
    dataSource = new DataSource({ ...common, driver: createPglitePgModule(db) });
  }
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
