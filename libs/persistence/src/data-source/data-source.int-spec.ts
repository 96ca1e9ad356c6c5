import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DomainError, type EvaluatorConfig } from '@crucible/domain';
import { everything } from '@crucible/application';
import { closeDataSource, openDataSource } from './create-data-source';
import { isDatabaseUnavailable } from './database-errors';
import { DataDirectoryInUseError } from './pglite-directory-lock';
import { MIGRATIONS } from './schema';
import { createTestPostgres } from '../testing/test-databases';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmEvaluationRepository } from '../repositories/evaluation.repository';
import { TypeOrmEvaluatorConfigRepository } from '../repositories/evaluator-config.repository';
import { countQueries } from '../testing/query-probes';
import { changeNoticesOf } from './change-notices';

describe('migrations on PostgreSQL', () => {
  it('run once when several processes start together on a fresh database', async () => {
    const postgres = await createTestPostgres();
    try {
      // Four migrators racing on one empty database, as an api and three runners starting at once would.
      const dataSources = await Promise.all(
        Array.from({ length: 4 }, () => openDataSource({ kind: 'postgres', url: postgres.url, poolSize: 3 })),
      );
      const applied = await dataSources[0]!.query('SELECT name FROM migrations ORDER BY id');
      expect(applied.map((row: { name: string }) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      await Promise.all(dataSources.map((dataSource) => dataSource.destroy()));
    } finally {
      await postgres.drop();
    }
  }, 60_000);
});

describe('PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('belongs to one owner at a time, and is free again once closed', async () => {
    const first = await openDataSource({ kind: 'pglite', dataDir });
    const second = openDataSource({ kind: 'pglite', dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await expect(second).rejects.toThrow(`${dataDir} is in use by another Crucible process (pid ${process.pid})`);
    await first.destroy();
    const reopened = await openDataSource({ kind: 'pglite', dataDir });
    await reopened.destroy();
  }, 60_000);

  it('is taken over from a holder that died without releasing it', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dataDir, 'crucible.lock'), `${dead}\n`);
    const dataSource = await openDataSource({ kind: 'pglite', dataDir });
    await dataSource.destroy();
  }, 60_000);
});

describe.each<TestEngine>(['postgres', 'pglite'])('evaluator config names on %s', (engine) => {
  let database: TestDatabase;
  let repository: TypeOrmEvaluatorConfigRepository;
  const appId = randomUUID();
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repository = new TypeOrmEvaluatorConfigRepository(database.dataSource);
    await database.dataSource.query('INSERT INTO apps (id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [appId, database.actor.projectId, 'names']);
  });
  afterAll(() => database?.close());

  const config = (name: string, forApp: string | null, projectId = database.actor.projectId): EvaluatorConfig => ({
    id: randomUUID(), projectId, appId: forApp, name, evaluatorKey: 'auto_exact_match', settingsValues: {},
    createdAt: new Date(), updatedAt: new Date(),
  });

  it('are unique per project and app, project-wide configs included, and a taken name is a conflict', async () => {
    await repository.create(config('exact', appId));
    await repository.create(config('exact', null));
    await repository.create(config('exact', null, database.otherActor.projectId));
    const taken = repository.create(config('exact', appId));
    await expect(taken).rejects.toBeInstanceOf(DomainError);
    await expect(taken).rejects.toMatchObject({ code: 'conflict', message: 'evaluator config "exact" already exists' });
    await expect(repository.create(config('exact', null))).rejects.toMatchObject({ code: 'conflict' });

    const other = config('other', appId);
    await repository.create(other);
    await expect(repository.update({ ...other, name: 'exact' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await repository.list(database.actor.projectId, appId, everything)).items.map((c) => c.name).sort()).toEqual(['exact', 'exact', 'other']);
  });
});

describe.each<TestEngine>(['postgres', 'pglite'])('closing on %s', (engine) => {
  it('lets the transaction in progress finish, then answers every query as a database that is unavailable', async () => {
    const postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
    const dataSource = await openDataSource(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null });
    try {
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => { entered = resolve; });
      const transaction = dataSource.transaction(async (manager) => {
        await manager.query('SELECT 1');
        entered();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return manager.query('SELECT 2 AS n');
      });
      await inside;
      await closeDataSource(dataSource);
      await expect(transaction).resolves.toEqual([{ n: 2 }]);
      const refused = await dataSource.query('SELECT 3').then(() => null, (error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      await postgres?.drop();
    }
  }, 60_000);
});

describe('change notices turned off on PostgreSQL', () => {
  it('listens on no connection of its own, and every listing reads', async () => {
    const postgres = await createTestPostgres();
    const dataSource = await openDataSource({ kind: 'postgres', url: postgres.url, changeNotices: false });
    try {
      expect(changeNoticesOf(dataSource)).toBeUndefined();
      const [{ listeners }] = await dataSource.query('SELECT count(*)::int AS listeners FROM pg_stat_activity WHERE datname = current_database() AND query LIKE \'LISTEN%\'');
      expect(listeners).toBe(0);
      const repository = new TypeOrmEvaluationRepository(dataSource);
      // An empty project's listing is one query; with the notices on, the second would be none.
      const list = () => repository.listPage(randomUUID(), {}, everything);
      expect(await countQueries(dataSource, list)).toBe(1);
      expect(await countQueries(dataSource, list)).toBe(1);
    } finally {
      await dataSource.destroy();
      await postgres.drop();
    }
  }, 60_000);
});
