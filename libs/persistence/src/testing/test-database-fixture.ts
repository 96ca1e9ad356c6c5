import type { DataSource } from 'typeorm';
import type { Actor } from '@crucible/domain';
import { type DatabaseConfig, openDataSource } from '../data-source/create-data-source';
import { TypeOrmProjectRepository } from '../repositories/project.repository';
import { createTestPostgres } from './test-databases';
import { newProjectWithKey } from './registry-fixtures';

export type TestEngine = 'postgres' | 'pglite';

export interface TestDatabase {
  dataSource: DataSource;
  /** Callers of two projects: what one creates, the other must never see. */
  actor: Actor;
  otherActor: Actor;
  close(): Promise<void>;
}

/** A migrated database of the given engine (its own PostgreSQL database, or in-memory PGlite) with two projects. */
export async function openTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  const postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
  const config: DatabaseConfig = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null };
  const dataSource = await openDataSource(config);
  const projects = new TypeOrmProjectRepository(dataSource);
  const [first, second] = [newProjectWithKey('first'), newProjectWithKey('second')];
  await projects.createWithKey(first.project, first.key);
  await projects.createWithKey(second.project, second.key);
  return {
    dataSource,
    actor: first.actor,
    otherActor: second.actor,
    async close() {
      await dataSource.destroy();
      await postgres?.drop();
    },
  };
}
