import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Actor } from '@crucible/domain';
import {
  CreateAppUseCase, CreateTestsetUseCase, DeleteAppUseCase, DeployedConfigCache, GetAppUseCase, GetTestsetUseCase, UpdateTestsetUseCase, everything,
} from '@crucible/application';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';

import { TypeOrmAppRepository } from './app.repository';
import { TypeOrmTestsetRepository } from './testset.repository';

describe.each(['postgres', 'pglite'] as const)('testset repository on %s', (engine) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let actor: Actor;
  let otherActor: Actor;
  let testsets: TypeOrmTestsetRepository;
  let useCases: ReturnType<typeof wire>;

  function wire(ds: DataSource) {
    const apps = new TypeOrmAppRepository(ds);
    const repository = new TypeOrmTestsetRepository(ds);
    const getApp = new GetAppUseCase(apps);
    return {
      createApp: new CreateAppUseCase(apps),
      deleteApp: new DeleteAppUseCase(apps, getApp, new DeployedConfigCache()),
      create: new CreateTestsetUseCase(repository, getApp),
      get: new GetTestsetUseCase(repository),
      update: new UpdateTestsetUseCase(repository),
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    dataSource = database.dataSource;
    actor = database.actor;
    otherActor = database.otherActor;
    testsets = new TypeOrmTestsetRepository(dataSource);
    useCases = wire(dataSource);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('stores rows with their scalar types and reads them back in order', async () => {
    const rows = [
      { country: 'France', answer: 'Paris', score: 1, ok: true, note: null },
      { country: 'Peru', answer: 'Lima', score: 0.5, ok: false, note: 'x' },
    ];
    const created = await useCases.create.execute(actor, { name: 'capitals', rows });
    const found = await testsets.findById(actor.projectId, created.id);
    // Dates are compared by their time: PGlite answers from a worker thread, whose Dates are not of Jest's realm.
    expect(found).toEqual({ ...created, createdAt: expect.anything(), updatedAt: expect.anything() });
    expect(found!.columns).toEqual(['country', 'answer', 'score', 'ok', 'note']);
    expect(found!.rows).toEqual(rows);
    expect(found!.createdAt.getTime()).toBe(created.createdAt.getTime());
    expect(found!.updatedAt.getTime()).toBe(created.updatedAt.getTime());
    expect(await testsets.findById(otherActor.projectId, created.id)).toBeNull();
  });

  it('lists summaries with the row count, per project and per app, without the rows', async () => {
    const app = await useCases.createApp.execute(actor, { appName: `testsets-${engine}` });
    const rows = Array.from({ length: 1200 }, (_, i) => ({ q: `question ${i}`, a: String(i) }));
    const ofApp = await useCases.create.execute(actor, { name: 'of-app', rows, appId: app.id });
    const listed = (await testsets.list(actor.projectId, undefined, everything)).items;
    const summary = listed.find((t) => t.id === ofApp.id);
    expect(summary).toEqual({
      id: ofApp.id, projectId: actor.projectId, appId: app.id, name: 'of-app', columns: ['q', 'a'], version: 1, rowsCount: 1200,
      createdAt: ofApp.createdAt, updatedAt: ofApp.updatedAt,
    });
    expect(summary).not.toHaveProperty('rows');
    expect((await testsets.list(actor.projectId, app.id, everything)).items.map((t) => t.id)).toEqual([ofApp.id]);
    expect((await testsets.list(otherActor.projectId, undefined, everything)).items).toEqual([]);
  });

  it('updates name and rows, bumps updated_at, and refuses a taken name', async () => {
    const created = await useCases.create.execute(actor, { name: 'to-update', rows: [{ q: 'a' }] });
    await useCases.create.execute(actor, { name: 'taken', rows: [{ q: 'a' }] });
    const renamed = await useCases.update.execute(actor, { testsetId: created.id, name: 'updated' });
    expect(renamed).toMatchObject({ name: 'updated', columns: ['q'], rowsCount: 1 });
    expect(renamed.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    const reshaped = await useCases.update.execute(actor, { testsetId: created.id, rows: [{ x: 1, y: 2 }, { x: 3, y: 4 }] });
    expect(reshaped).toMatchObject({ name: 'updated', columns: ['x', 'y'], rowsCount: 2 });
    expect((await useCases.get.execute(actor, created.id)).rows).toEqual([{ x: 1, y: 2 }, { x: 3, y: 4 }]);
    await expect(useCases.update.execute(actor, { testsetId: created.id, name: 'taken' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(useCases.update.execute(otherActor, { testsetId: created.id, name: 'mine' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(useCases.create.execute(actor, { name: 'taken', rows: [{ q: 'a' }] })).rejects.toMatchObject({ code: 'conflict' });
    expect(await useCases.create.execute(otherActor, { name: 'taken', rows: [{ q: 'a' }] })).toMatchObject({ name: 'taken' });
  });

  it('deletes only the ids the project owns and counts them', async () => {
    const a = await useCases.create.execute(actor, { name: 'delete-a', rows: [{ q: 'a' }] });
    const b = await useCases.create.execute(actor, { name: 'delete-b', rows: [{ q: 'b' }] });
    const foreign = await useCases.create.execute(otherActor, { name: 'delete-c', rows: [{ q: 'c' }] });
    expect((await testsets.delete(actor.projectId, [a.id, b.id, foreign.id])).sort()).toEqual([a.id, b.id].sort());
    expect(await testsets.delete(actor.projectId, [a.id])).toEqual([]);
    expect(await testsets.findById(otherActor.projectId, foreign.id)).not.toBeNull();
  });

  it('goes away with its app', async () => {
    const app = await useCases.createApp.execute(actor, { appName: `cascade-${engine}` });
    const created = await useCases.create.execute(actor, { name: 'cascade', rows: [{ q: 'a' }], appId: app.id });
    await useCases.deleteApp.execute(actor, app.id);
    expect(await testsets.findById(actor.projectId, created.id)).toBeNull();
  });

  it('makes a version of every change of the rows, keeps every version readable, and a rename keeps the version', async () => {
    const created = await useCases.create.execute(actor, { name: `versioned-${engine}`, rows: [{ q: 'a', answer: '1' }, { q: 'b', answer: '2' }] });
    expect(created.version).toBe(1);
    const second = await useCases.update.execute(actor, { testsetId: created.id, rows: [{ answer: '2', q: 'b' }, { q: 'c', answer: '3' }, { q: 'a', answer: '1' }] });
    expect(second).toMatchObject({ version: 2, rowsCount: 3 });
    expect(await useCases.update.execute(actor, { testsetId: created.id, name: `versioned-renamed-${engine}` })).toMatchObject({ version: 2 });

    expect((await testsets.findById(actor.projectId, created.id, 1))!.rows).toEqual([{ q: 'a', answer: '1' }, { q: 'b', answer: '2' }]);
    expect(await testsets.findSummary(actor.projectId, created.id, 1)).toMatchObject({ version: 1, rowsCount: 2, name: `versioned-renamed-${engine}` });
    expect(await testsets.findSummary(actor.projectId, created.id)).toMatchObject({ version: 2, rowsCount: 3 });
    expect(await testsets.findById(actor.projectId, created.id, 3)).toBeNull();
    expect(await testsets.findById(otherActor.projectId, created.id, 1)).toBeNull();
    expect(await testsets.readRows(actor.projectId, created.id, 1, 1, 5)).toEqual([{ index: 1, row: { q: 'b', answer: '2' } }]);
    expect(await testsets.readRows(actor.projectId, created.id, 2, 1, 5)).toEqual([
      { index: 1, row: { q: 'c', answer: '3' } }, { index: 2, row: { q: 'a', answer: '1' } },
    ]);

    // Equal rows have equal keys across versions whatever the order of their columns.
    const [v1, v2] = [await testsets.rowContentKeys(actor.projectId, created.id, 1), await testsets.rowContentKeys(actor.projectId, created.id, 2)];
    expect(v1).toHaveLength(2);
    expect([v2[2], v2[0]]).toEqual(v1);
    expect(v1).not.toContain(v2[1]);

    const versions = await testsets.listVersions(actor.projectId, created.id, { limit: 1, cursor: null });
    expect(versions.items).toEqual([expect.objectContaining({ testsetId: created.id, version: 1, rowsCount: 2, change: 'created', createdBy: actor.name })]);
    expect((await testsets.listVersions(actor.projectId, created.id, { limit: 1, cursor: versions.nextCursor })).items)
      .toEqual([expect.objectContaining({ version: 2, rowsCount: 3, columns: ['answer', 'q'], change: 'rows_replaced' })]);
    expect((await testsets.listVersions(otherActor.projectId, created.id, everything)).items).toEqual([]);

    await testsets.delete(actor.projectId, [created.id]);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_versions WHERE testset_id = $1', [created.id])).toEqual([{ n: 0 }]);
  });

  it('refuses an app of another project', async () => {
    const app = await useCases.createApp.execute(otherActor, { appName: `foreign-${engine}` });
    await expect(useCases.create.execute(actor, { name: 'foreign-app', rows: [{ q: 'a' }], appId: app.id }))
      .rejects.toMatchObject({ code: 'not_found' });
  });
  const stamp = { change: 'uploaded' as const, createdBy: 'uploader' };

  it('creates a set from staged batches in batch order, all at once, and forgets them; a refused upload leaves nothing', async () => {
    const upload = randomUUID();
    const summary = { id: randomUUID(), projectId: actor.projectId, appId: null, name: `staged-${engine}`, columns: ['q'], createdAt: new Date(), updatedAt: new Date() };
    await testsets.stageRows(actor.projectId, upload, 1, [{ q: 'c' }, { q: 'd' }]);
    await testsets.stageRows(actor.projectId, upload, 0, [{ q: 'a' }, { q: 'b' }]);
    expect(await testsets.findById(actor.projectId, summary.id)).toBeNull();
    await testsets.createFromStaged(summary, upload, stamp);
    expect((await testsets.findById(actor.projectId, summary.id))!.rows).toEqual([{ q: 'a' }, { q: 'b' }, { q: 'c' }, { q: 'd' }]);
    expect(await testsets.findSummary(actor.projectId, summary.id)).toMatchObject({ version: 1, rowsCount: 4 });
    expect((await testsets.listVersions(actor.projectId, summary.id, everything)).items)
      .toEqual([expect.objectContaining({ version: 1, rowsCount: 4, change: 'uploaded', createdBy: 'uploader' })]);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 0 }]);

    const taken = randomUUID();
    await testsets.stageRows(actor.projectId, taken, 0, [{ q: 'x' }]);
    await expect(testsets.createFromStaged({ ...summary, id: randomUUID() }, taken, stamp)).rejects.toMatchObject({ code: 'conflict' });
    await testsets.discardStaged(otherActor.projectId, taken);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 1 }]);
    await testsets.discardStaged(actor.projectId, taken);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 0 }]);
  });
});
