import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmIdempotencyKeyRepository } from './idempotency-key.repository';

const DAY = 24 * 60 * 60;

describe.each<TestEngine>(['postgres', 'pglite'])('Idempotency-Key records on %s', (engine) => {
  let database: TestDatabase;
  let keys: TypeOrmIdempotencyKeyRepository;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    keys = new TypeOrmIdempotencyKeyRepository(database.dataSource);
  });
  afterAll(() => database?.close());

  it('claims a key once per project, holds it pending, then answers what was saved', async () => {
    const project = database.actor.projectId;
    expect(await keys.claim(project, 'key-1', 'hash-a', DAY)).toEqual({ kind: 'claimed' });
    expect(await keys.claim(project, 'key-1', 'hash-a', DAY)).toEqual({ kind: 'pending', requestHash: 'hash-a' });
    expect(await keys.claim(database.otherActor.projectId, 'key-1', 'hash-b', DAY)).toEqual({ kind: 'claimed' });
    await keys.saveAnswer(project, 'key-1', { status: 200, body: [{ id: 'created' }] });
    expect(await keys.claim(project, 'key-1', 'hash-c', DAY))
      .toEqual({ kind: 'answered', requestHash: 'hash-a', answer: { status: 200, body: [{ id: 'created' }] } });
  });

  it('releases only a claim never answered', async () => {
    const project = database.actor.projectId;
    await keys.claim(project, 'key-2', 'hash', DAY);
    await keys.release(project, 'key-2');
    expect(await keys.claim(project, 'key-2', 'hash', DAY)).toEqual({ kind: 'claimed' });
    await keys.saveAnswer(project, 'key-2', { status: 200, body: 'kept' });
    await keys.release(project, 'key-2');
    expect(await keys.claim(project, 'key-2', 'hash', DAY)).toMatchObject({ kind: 'answered', answer: { body: 'kept' } });
  });

  it('forgets a key after its lifetime, and an abandoned claim after a minute', async () => {
    const project = database.actor.projectId;
    await keys.claim(project, 'key-3', 'old', DAY);
    await keys.saveAnswer(project, 'key-3', { status: 200, body: 'old' });
    await keys.claim(project, 'key-4', 'abandoned', DAY);
    await database.dataSource.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-3'");
    await database.dataSource.query("UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE key = 'key-4'");
    expect(await keys.claim(project, 'key-3', 'new', DAY)).toEqual({ kind: 'claimed' });
    expect(await keys.claim(project, 'key-4', 'retry', DAY)).toEqual({ kind: 'claimed' });
  });
});
