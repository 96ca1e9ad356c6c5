import { randomUUID } from 'node:crypto';
import { CreateAppUseCase, RecordChangeUseCase } from '@crucible/application';
import type { Actor } from '@crucible/domain';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmAppRepository } from '../repositories/app.repository';
import { TypeOrmAuditTrail } from '../repositories/audit-trail.repository';
import { TypeOrmTestsetRepository } from '../repositories/testset.repository';
import { TypeOrmIdempotencyKeyRepository } from '../repositories/idempotency-key.repository';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';

const change = (name: string) => ({ action: 'app.create', resourceType: 'app', resourceId: null, summary: `created app "${name}"` });

describe.each(['pglite', 'postgres'] as const)('a unit of work on %s', (engine) => {
  let database: TestDatabase;
  let unit: TypeOrmUnitOfWork;
  let apps: TypeOrmAppRepository;
  let createApp: CreateAppUseCase;
  let recordChange: RecordChangeUseCase;
  let trail: TypeOrmAuditTrail;
  let actor: Actor;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    unit = new TypeOrmUnitOfWork(database.dataSource);
    apps = new TypeOrmAppRepository(database.dataSource);
    createApp = new CreateAppUseCase(apps);
    trail = new TypeOrmAuditTrail(database.dataSource);
    recordChange = new RecordChangeUseCase(trail);
    actor = database.actor;
  }, 120_000);
  afterAll(() => database?.close());

  const appNamed = (name: string) => apps.findByName(actor.projectId, name);
  const summaries = async () => (await trail.list(actor.projectId, {}, { limit: null, cursor: null })).items.map((event) => event.summary);

  it('commits what the repositories wrote inside it together, and only when the work resolves', async () => {
    await unit.run(async () => {
      await createApp.execute(actor, { appName: 'together' });
      await recordChange.execute(actor, change('together'), null);
      // Inside, the unit's reads see its writes; another connection does not until the commit (on PGlite it would
      // wait for the unit's connection, so it is not asked there).
      expect(await appNamed('together')).toMatchObject({ name: 'together' });
      if (engine === 'postgres') expect(await outsideAnyUnit(() => appNamed('together'))).toBeNull();
    });
    expect(await appNamed('together')).toMatchObject({ name: 'together' });
    expect(await summaries()).toContain('created app "together"');
  });

  it('rolls everything back when the work throws, the writes of repositories that committed their own part too', async () => {
    await expect(unit.run(async () => {
      await createApp.execute(actor, { appName: 'undone' });
      await recordChange.execute(actor, change('undone'), null);
      throw new Error('the work failed after writing');
    })).rejects.toThrow('the work failed after writing');
    expect(await appNamed('undone')).toBeNull();
    expect(await summaries()).not.toContain('created app "undone"');
  });

  it('keeps the unit usable after a repository\'s own transaction failed inside it and was caught', async () => {
    await createApp.execute(actor, { appName: 'taken' });
    await unit.run(async () => {
      // The repository's transaction is a savepoint: its unique violation undoes only itself.
      await expect(createApp.execute(actor, { appName: 'taken' })).rejects.toMatchObject({ code: 'conflict' });
      await createApp.execute(actor, { appName: 'after-the-conflict' });
      await recordChange.execute(actor, change('after-the-conflict'), null);
    });
    expect(await appNamed('after-the-conflict')).toMatchObject({ name: 'after-the-conflict' });
  });

  it('runs what waits for the commit after it, out of the unit, and never after a rollback', async () => {
    const effects: string[] = [];
    await unit.run(async () => {
      await createApp.execute(actor, { appName: 'announced' });
      await unit.afterCommit(async () => {
        expect(unit.isActive()).toBe(false);
        // Committed and visible to any other connection by now.
        effects.push(`committed: ${(await appNamed('announced'))?.name ?? 'missing'}`);
      });
      effects.push('work done');
    });
    await expect(unit.run(async () => {
      await unit.afterCommit(() => void effects.push('must not run'));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await unit.afterCommit(() => void effects.push('outside a unit: at once'));
    expect(effects).toEqual(['work done', 'committed: announced', 'outside a unit: at once']);
  });

  it('holds no connection before its first write, so the work may await another request\'s read until then', async () => {
    // On PGlite a unit's transaction holds the only connection: had it begun at the first read, this would wait forever.
    const name = `written-${randomUUID()}`;
    await unit.run(async () => {
      expect(await appNamed('together')).toMatchObject({ name: 'together' });
      expect(await outsideAnyUnit(() => appNamed('together'))).toMatchObject({ name: 'together' });
      await createApp.execute(actor, { appName: name });
    });
    expect(await appNamed(name)).toMatchObject({ name });
  });

  it('serves reads and writes sent at once inside a unit', async () => {
    await unit.run(async () => {
      // The first read goes alone; the write's transaction waits for it rather than the read for the transaction.
      const [before] = await Promise.all([appNamed('together'), createApp.execute(actor, { appName: 'beside-a-read' })]);
      expect(before).toMatchObject({ name: 'together' });
      expect(await appNamed('beside-a-read')).toMatchObject({ name: 'beside-a-read' });
    });
  });

  it('stages an upload\'s rows beside the unit until it writes, and discards them once a failed unit ended', async () => {
    const testsets = new TypeOrmTestsetRepository(database.dataSource);
    const uploadId = randomUUID();
    const staged = async () => {
      const [{ rows }]: Array<{ rows: number }> = await database.dataSource.query(
        'SELECT count(*)::int AS rows FROM testset_staged_rows WHERE upload_id = $1', [uploadId]);
      return rows;
    };
    await expect(unit.run(async () => {
      await testsets.stageRows(actor.projectId, uploadId, 0, [{ question: 'q1' }]);
      // Committed beside the unit, which holds no connection yet: another request reads them (on PGlite too).
      expect(await outsideAnyUnit(staged)).toBe(1);
      await createApp.execute(actor, { appName: `after-staging-${uploadId}` });
      await testsets.discardStaged(actor.projectId, uploadId);
      throw new Error('the upload failed after its first write');
    })).rejects.toThrow('the upload failed after its first write');
    expect(await staged()).toBe(0);
    expect(await appNamed(`after-staging-${uploadId}`)).toBeNull();
  });

  it('claims an Idempotency-Key beside the unit, saves its answer with the change, and frees a rolled-back claim', async () => {
    const keys = new TypeOrmIdempotencyKeyRepository(database.dataSource);
    const [kept, undone] = [`kept-${randomUUID()}`, `undone-${randomUUID()}`];
    await unit.run(async () => {
      expect(await keys.claim(actor.projectId, kept, 'hash', 3600)).toEqual({ kind: 'claimed' });
      // Committed beside the unit: a retry meanwhile is told the first is running (on PGlite too, the unit not begun).
      expect(await outsideAnyUnit(() => keys.claim(actor.projectId, kept, 'hash', 3600))).toEqual({ kind: 'pending', requestHash: 'hash' });
      await createApp.execute(actor, { appName: kept });
      await keys.saveAnswer(actor.projectId, kept, { status: 200, body: { app_name: kept } });
    });
    expect(await keys.claim(actor.projectId, kept, 'hash', 3600)).toMatchObject({ kind: 'answered', answer: { status: 200 } });

    await expect(unit.run(async () => {
      expect(await keys.claim(actor.projectId, undone, 'hash', 3600)).toEqual({ kind: 'claimed' });
      await createApp.execute(actor, { appName: undone });
      await keys.saveAnswer(actor.projectId, undone, { status: 200, body: { app_name: undone } });
      throw new Error('the audit event could not be written');
    })).rejects.toThrow('the audit event could not be written');
    // Neither the change nor its answer stayed, and the claim is free: the retry runs again.
    expect(await appNamed(undone)).toBeNull();
    expect(await keys.claim(actor.projectId, undone, 'hash', 3600)).toEqual({ kind: 'claimed' });
  });

  it('serves parallel units one transaction each, with none waiting forever', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `parallel-${i}`);
    await Promise.all(names.map((name) => unit.run(async () => {
      await createApp.execute(actor, { appName: name });
      await recordChange.execute(actor, change(name), null);
    })));
    const recorded = await summaries();
    for (const name of names) {
      expect(await appNamed(name)).toMatchObject({ name });
      expect(recorded.filter((summary) => summary === `created app "${name}"`)).toHaveLength(1);
    }
  });
});

/** Runs `work` as another request would: in an async context of its own, not the caller's unit. */
function outsideAnyUnit<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => elsewhere.push(() => work().then(resolve, reject)));
}
const elsewhere: Array<() => void> = [];
// A timer carries the context it was made in: this one is made at load, outside any unit.
setInterval(() => elsewhere.splice(0).forEach((start) => start()), 5).unref();
