import { AnswerOnceUseCase } from '@crucible/application';
import { DomainError } from '@crucible/domain';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmIdempotencyKeyRepository } from './idempotency-key.repository';

describe.each<TestEngine>(['postgres', 'pglite'])('Idempotency-Key answers on %s', (engine) => {
  let database: TestDatabase;
  let answerOnce: AnswerOnceUseCase;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    answerOnce = new AnswerOnceUseCase(new TypeOrmIdempotencyKeyRepository(database.dataSource));
  });
  afterAll(() => database?.close());

  it('runs the first request once and replays its answer to retries in the same project only', async () => {
    let runs = 0;
    const produce = async () => ({ status: 200, body: [{ id: `created-${(runs += 1)}` }] });
    const first = await answerOnce.execute(database.actor, 'key-1', { a: 1, b: [1, 2] }, produce);
    const retry = await answerOnce.execute(database.actor, 'key-1', { b: [1, 2], a: 1 }, produce);
    expect(retry).toEqual(first);
    expect(first.body).toEqual([{ id: 'created-1' }]);
    const otherProject = await answerOnce.execute(database.otherActor, 'key-1', { a: 1, b: [1, 2] }, produce);
    expect(otherProject.body).toEqual([{ id: 'created-2' }]);
    expect(runs).toBe(2);
  });

  it('refuses the same key with another body, and a retry while the first request still runs', async () => {
    await answerOnce.execute(database.actor, 'key-2', { a: 1 }, async () => ({ status: 200, body: 'ok' }));
    await expect(answerOnce.execute(database.actor, 'key-2', { a: 2 }, async () => ({ status: 200, body: 'no' })))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['Idempotency-Key'] }] });

    let finish: () => void = () => undefined;
    let running: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => (running = resolve));
    const slow = answerOnce.execute(database.actor, 'key-3', { a: 1 }, () => new Promise((resolve) => {
      finish = () => resolve({ status: 200, body: 'slow' });
      running();
    }));
    await claimed;
    const concurrent = answerOnce.execute(database.actor, 'key-3', { a: 1 }, async () => ({ status: 200, body: 'twice' }));
    await expect(concurrent).rejects.toBeInstanceOf(DomainError);
    await expect(concurrent).rejects.toMatchObject({ code: 'conflict' });
    finish();
    expect((await slow).body).toBe('slow');
    expect((await answerOnce.execute(database.actor, 'key-3', { a: 1 }, async () => ({ status: 200, body: 'twice' }))).body).toBe('slow');
  });

  it('frees the key when the request fails, and refuses a malformed key', async () => {
    await expect(answerOnce.execute(database.actor, 'key-4', {}, async () => {
      throw new DomainError('not_found', 'app x not found');
    })).rejects.toMatchObject({ code: 'not_found' });
    expect((await answerOnce.execute(database.actor, 'key-4', {}, async () => ({ status: 200, body: 'second try' }))).body).toBe('second try');
    await expect(answerOnce.execute(database.actor, 'bad key\u0000', {}, async () => ({ status: 200, body: null })))
      .rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('forgets a key after 24 hours', async () => {
    await answerOnce.execute(database.actor, 'key-5', { a: 1 }, async () => ({ status: 200, body: 'old' }));
    await database.dataSource.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-5'");
    expect((await answerOnce.execute(database.actor, 'key-5', { a: 2 }, async () => ({ status: 200, body: 'new' }))).body).toBe('new');
  });
});
