import type { Actor } from '@crucible/domain';
import {
  AddQueueItemsUseCase, CompleteQueueItemUseCase, CreateAnnotationQueueUseCase, CreateScoreConfigUseCase, CustomThenCatalogPricing,
  GetAnnotationQueueUseCase, IngestTracesUseCase, NextQueueItemUseCase, ProviderReadCache,
} from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmAnnotationQueueRepository } from './annotation-queue.repository';
import { TypeOrmCustomModelRepository } from './custom-model.repository';
import { TypeOrmScoreConfigRepository } from './score-config.repository';
import { TypeOrmTraceRepository } from './trace.repository';

const T0 = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function trace(id: string) {
  const at = T0.toISOString();
  return {
    trace_id: id, latency_ms: 1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
    spans: [{ span_id: `${id}-root`, parent_span_id: null, name: 'root', kind: 'workflow' as const, status: 'ok' as const, start_time: at, end_time: at, latency_ms: 1 }],
  };
}

/** Holds last 10 minutes: past that, `next` hands the item to the next person who asks; a hold kept alive stays. */
describe.each(['pglite', 'postgres'] as const)('annotation holds on %s', (engine) => {
  let database: TestDatabase;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    alice = database.actor;
    bob = { ...alice, id: 'bob-key', name: 'bob' };
    carol = { ...alice, id: 'carol-key', name: 'carol' };
  });
  afterAll(() => database?.close());

  it('releases a hold past 10 minutes to the next person asking, and refuses its old holder then', async () => {
    const source = database.dataSource;
    const pricing = new CustomThenCatalogPricing(
      new TypeOrmCustomModelRepository(source), new InMemoryProviderConnectionDirectory(), new InMemoryModelCatalog([]), new ProviderReadCache(),
    );
    await new IngestTracesUseCase(new TypeOrmTraceRepository(source), { maxSpansPerTrace: 100 }, pricing)
      .execute(alice, { traces: [trace('h-1'), trace('h-2')] });
    const queues = new TypeOrmAnnotationQueueRepository(source);
    const configs = new TypeOrmScoreConfigRepository(source);
    const config = await new CreateScoreConfigUseCase(configs).execute(alice, { name: 'ok', dataType: 'boolean' });
    const queue = await new CreateAnnotationQueueUseCase(queues, configs).execute(alice, { name: 'holds', scoreConfigIds: [config.id] });
    await new AddQueueItemsUseCase(queues).execute(alice, queue.id, ['h-1', 'h-2']);
    const next = new NextQueueItemUseCase(queues);
    const complete = new CompleteQueueItemUseCase(queues, configs);

    const first = await next.execute(alice, queue.id, T0);
    expect(first).toMatchObject({ traceId: 'h-1', heldBy: { name: alice.name }, heldUntil: minutes(10) });
    const bobs = (await next.execute(bob, queue.id, minutes(5)))!;
    expect(bobs.traceId).toBe('h-2');
    // Bob asks again within his hold: the same item, held 10 minutes from now.
    expect(await next.execute(bob, queue.id, minutes(9))).toMatchObject({ traceId: 'h-2', heldUntil: minutes(19) });
    expect(await next.execute(carol, queue.id, minutes(9))).toBeNull();

    // Alice's hold ran out at minute 10: Carol gets h-1, and Alice can neither complete it nor get it back.
    expect(await next.execute(carol, queue.id, minutes(11))).toMatchObject({ traceId: 'h-1', heldBy: { name: 'carol' } });
    await expect(complete.execute(alice, queue.id, first!.id, [{ configId: config.id, value: true }], minutes(12)))
      .rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('held by carol') });
    expect(await next.execute(alice, queue.id, minutes(12))).toBeNull();

    // A hold past its time that nobody took is still its holder's to complete.
    const { item } = await complete.execute(bob, queue.id, bobs.id, [{ configId: config.id, value: false }], minutes(20));
    expect(item).toMatchObject({ status: 'done', completedBy: { name: 'bob' } });
    const { progress } = await new GetAnnotationQueueUseCase(queues).execute(alice, queue.id, minutes(20));
    expect(progress).toMatchObject({ total: 2, done: 1, held: 1 });
    expect(progress.annotators.map((entry) => [entry.annotator.name, entry.done, entry.holding])).toEqual([['bob', 1, false], ['carol', 0, true]]);
  });
});
