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
      id: ofApp.id, projectId: actor.projectId, appId: app.id, name: 'of-app', columns: ['q', 'a'], rowsCount: 1200,
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

  it('refuses an app of another project', async () => {
    const app = await useCases.createApp.execute(otherActor, { appName: `foreign-${engine}` });
    await expect(useCases.create.execute(actor, { name: 'foreign-app', rows: [{ q: 'a' }], appId: app.id }))
      .rejects.toMatchObject({ code: 'not_found' });
  });
  it('creates a set from staged batches in batch order, all at once, and forgets them; a refused upload leaves nothing', async () => {
    const upload = randomUUID();
    const summary = { id: randomUUID(), projectId: actor.projectId, appId: null, name: `staged-${engine}`, columns: ['q'], createdAt: new Date(), updatedAt: new Date() };
    await testsets.stageRows(actor.projectId, upload, 1, [{ q: 'c' }, { q: 'd' }]);
    await testsets.stageRows(actor.projectId, upload, 0, [{ q: 'a' }, { q: 'b' }]);
    expect(await testsets.findById(actor.projectId, summary.id)).toBeNull();
    await testsets.createFromStaged(summary, upload);
    expect((await testsets.findById(actor.projectId, summary.id))!.rows).toEqual([{ q: 'a' }, { q: 'b' }, { q: 'c' }, { q: 'd' }]);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 0 }]);

    const taken = randomUUID();
    await testsets.stageRows(actor.projectId, taken, 0, [{ q: 'x' }]);
    await expect(testsets.createFromStaged({ ...summary, id: randomUUID() }, taken)).rejects.toMatchObject({ code: 'conflict' });
    await testsets.discardStaged(otherActor.projectId, taken);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 1 }]);
    await testsets.discardStaged(actor.projectId, taken);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM testset_staged_rows')).toEqual([{ n: 0 }]);
  });
});
