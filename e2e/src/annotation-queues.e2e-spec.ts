import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';

type Item = CrucibleSchemas['AnnotationItemDto_Output'];

const START = '2026-11-27T14:00:00.000Z';
const RACED_ITEMS = 200;

function traceRecord(traceId: string) {
  const end = new Date(Date.parse(START) + 5).toISOString();
  return {
    trace_id: traceId, latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
    inputs: { q: `question ${traceId}` }, output: `answer ${traceId}`,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'workflow', kind: 'workflow', status: 'ok', start_time: START, end_time: end, latency_ms: 5 }],
  };
}

/** ARCHITECTURE §18: annotation queues — a rubric, items handed to one annotator at a time, completed into scores. */
describe.each<Engine>(['pglite', 'postgres'])('annotation queues on %s', (engine) => {
  let server: RunningApi;
  let alice: CrucibleClient;
  let bob: CrucibleClient;
  let aliceName: string;
  const configIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await startApi(engine);
    alice = server.api;
    const traces = [...['t-1', 't-2', 't-3', 't-4'], ...Array.from({ length: RACED_ITEMS }, (_, i) => `race-${i}`)].map(traceRecord);
    expect((await server.client.post('/traces', { traces })).status).toBe(200);
    const project = await ok(alice.GET('/projects/current'));
    const ofProject = { params: { path: { project_id: project.project_id } } };
    aliceName = (await ok(alice.GET('/projects/{project_id}/api-keys', ofProject)))[0]!.name;
    bob = server.withKey((await ok(alice.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'bob' } }))).key);
    const configs: Array<CrucibleSchemas['CreateScoreConfigDto']> = [
      { name: 'stars', data_type: 'numeric', min: 1, max: 5 }, { name: 'helpful', data_type: 'boolean' },
      { name: 'tone', data_type: 'categorical', categories: [{ label: 'rude', value: 0 }, { label: 'polite', value: 1 }] },
      { name: 'note', data_type: 'text' }, { name: 'retired', data_type: 'boolean' },
    ];
    for (const body of configs) configIds[body.name] = (await ok(alice.POST('/score-configs', { body }))).id;
    await ok(alice.PATCH('/score-configs/{config_id}', { params: { path: { config_id: configIds['retired']! } }, body: { archived: true } }));
  }, 60_000);
  afterAll(() => server?.close());

  const queuePath = (queueId: string) => ({ params: { path: { queue_id: queueId } } });
  const itemPath = (queueId: string, itemId: string) => ({ params: { path: { queue_id: queueId, item_id: itemId } } });
  const next = async (client: CrucibleClient, queueId: string): Promise<Item | null> => {
    const { data, response } = await client.POST('/annotation-queues/{queue_id}/next', queuePath(queueId));
    if (response.status === 204) return null;
    if (response.status !== 200) throw new Error(`next answered ${response.status}`);
    return data as Item;
  };
  const complete = (client: CrucibleClient, queueId: string, itemId: string, scores: CrucibleSchemas['CompleteQueueItemDto']['scores']) =>
    answer(client.POST('/annotation-queues/{queue_id}/items/{item_id}/complete', { ...itemPath(queueId, itemId), body: { scores } }));
  const createQueue = (body: CrucibleSchemas['CreateAnnotationQueueDto']) => answer(alice.POST('/annotation-queues', { body }));

  it('creates a queue from score configs of the project, refusing unknown and archived ones by name', async () => {
    const created = await createQueue({ name: 'support week 48', score_config_ids: [configIds['stars']!, configIds['helpful']!], description: 'rubric' });
    expect(created).toMatchObject({ status: 200, body: {
      name: 'support week 48', description: 'rubric', score_config_ids: [configIds['stars'], configIds['helpful']], progress: { total: 0, done: 0, held: 0 },
    } });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await createQueue({ name: 'q', score_config_ids: [configIds['stars']!, unknown] })).toMatchObject({ status: 422, body: { detail: [
      expect.objectContaining({ loc: ['body', 'score_config_ids', 1], msg: expect.stringContaining(`score config ${unknown} not found`) }),
    ] } });
    expect(await createQueue({ name: 'q', score_config_ids: [configIds['retired']!] })).toMatchObject({ status: 422, body: { detail: [
      expect.objectContaining({ loc: ['body', 'score_config_ids', 0], msg: expect.stringContaining('"retired"') }),
    ] } });
    expect((await createQueue({ name: 'q', score_config_ids: [] })).status).toBe(422);
    expect((await createQueue({ name: '  ', score_config_ids: [configIds['stars']!] })).status).toBe(422);
    const listed = await ok(alice.GET('/annotation-queues'));
    expect(listed.map((queue) => queue.name)).toEqual(['support week 48']);
    expect((await answer(alice.GET('/annotation-queues/{queue_id}', queuePath(unknown)))).status).toBe(404);
  });

  it('adds traces of the project once each, naming the ones it does not hold', async () => {
    const queue = (await createQueue({ name: 'adding', score_config_ids: [configIds['stars']!] })).body;
    const add = (client: CrucibleClient, traceIds: string[]) =>
      answer(client.POST('/annotation-queues/{queue_id}/items', { ...queuePath(queue.id), body: { trace_ids: traceIds } }));
    expect(await add(alice, ['t-1', 't-2', 't-1'])).toMatchObject({ status: 200, body: { added: 2, already_queued: 0 } });
    expect(await add(alice, ['t-2', 't-3'])).toMatchObject({ status: 200, body: { added: 1, already_queued: 1 } });
    expect(await add(alice, ['t-4', 'nope'])).toMatchObject({ status: 422, body: { detail: [
      expect.objectContaining({ loc: ['body', 'trace_ids', 1], msg: expect.stringContaining('trace nope not found') }),
    ] } });
    // Another project neither sees the queue nor may add its traces to one of its own.
    const other = server.withKey((await ok(alice.POST('/projects', { body: { name: `elsewhere-${engine}` } }))).api_key!.key);
    expect((await add(other, ['t-4'])).status).toBe(404);
    const otherConfig = await ok(other.POST('/score-configs', { body: { name: 'stars', data_type: 'numeric' } }));
    const otherQueue = await ok(other.POST('/annotation-queues', { body: { name: 'theirs', score_config_ids: [otherConfig.id] } }));
    expect(await answer(other.POST('/annotation-queues/{queue_id}/items', { ...queuePath(otherQueue.id), body: { trace_ids: ['t-4'] } })))
      .toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ msg: expect.stringContaining('trace t-4 not found') })] } });
    expect((await ok(alice.GET('/annotation-queues/{queue_id}', queuePath(queue.id)))).progress).toMatchObject({ total: 3, done: 0, held: 0 });
  });

  it('hands each item to one annotator, completes it into scores, refuses others and twice with 409, and skips', async () => {
    const rubric = [configIds['stars']!, configIds['helpful']!, configIds['tone']!, configIds['note']!];
    const queue = (await createQueue({ name: 'lifecycle', score_config_ids: rubric })).body;
    await ok(alice.POST('/annotation-queues/{queue_id}/items', { ...queuePath(queue.id), body: { trace_ids: ['t-1', 't-2', 't-3'] } }));
    const answers = (stars: number) => [
      { config_id: configIds['stars']!, value: stars, comment: 'fine' }, { config_id: configIds['helpful']!, value: true },
      { config_id: configIds['tone']!, string_value: 'polite' }, { config_id: configIds['note']!, string_value: 'terse but right' },
    ];

    const first = (await next(alice, queue.id))!;
    expect(first).toMatchObject({ trace_id: 't-1', status: 'pending', held_by: aliceName, completed_by: null });
    expect(Date.parse(first.held_until!) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await next(alice, queue.id))!.id).toBe(first.id);
    const second = (await next(bob, queue.id))!;
    expect(second).toMatchObject({ trace_id: 't-2', held_by: 'bob' });

    expect(await complete(bob, queue.id, first.id, answers(4))).toMatchObject({
      status: 409, body: { detail: expect.stringContaining(`is held by ${aliceName}`) },
    });
    expect(await complete(alice, queue.id, first.id, answers(4).slice(0, 3))).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'scores'], msg: expect.stringContaining(configIds['note']) })] },
    });
    expect(await complete(alice, queue.id, first.id, answers(9))).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'scores', 0, 'value'], msg: expect.stringContaining('above the maximum 5') })] },
    });
    expect(await complete(alice, queue.id, first.id, [...answers(4).slice(0, 3), { config_id: configIds['retired']!, value: true }]))
      .toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'scores', 3, 'config_id'] })] } });
    expect(await complete(alice, queue.id, first.id, answers(4))).toMatchObject({
      status: 200, body: { id: first.id, status: 'done', completed_by: aliceName, held_by: null },
    });
    expect(await complete(alice, queue.id, first.id, answers(4))).toMatchObject({
      status: 409, body: { detail: expect.stringContaining('already done') },
    });

    const trace = await ok(alice.GET('/traces/{trace_id}', { params: { path: { trace_id: 't-1' } } }));
    // Given in one transaction, they share their time: compared by name.
    const annotated = trace.scores.filter((score) => score.source === 'annotation').sort((a, b) => a.name.localeCompare(b.name));
    expect(annotated.map((score) => [score.name, score.value, score.string_value, score.comment, score.author])).toEqual([
      ['helpful', 1, 'true', null, aliceName], ['note', null, 'terse but right', null, aliceName], ['stars', 4, null, 'fine', aliceName],
      ['tone', 1, 'polite', null, aliceName],
    ]);

    // Bob lets t-2 go: it waits behind t-3, so his next is t-3, and Alice's next is the released t-2.
    expect(await answer(alice.POST('/annotation-queues/{queue_id}/items/{item_id}/skip', itemPath(queue.id, second.id))))
      .toMatchObject({ status: 409, body: { detail: expect.stringContaining('held by bob') } });
    expect(await answer(bob.POST('/annotation-queues/{queue_id}/items/{item_id}/skip', itemPath(queue.id, second.id))))
      .toMatchObject({ status: 200, body: { held_by: null, status: 'pending' } });
    expect((await next(bob, queue.id))!.trace_id).toBe('t-3');
    expect((await next(alice, queue.id))!.trace_id).toBe('t-2');

    const progress = (await ok(alice.GET('/annotation-queues/{queue_id}', queuePath(queue.id)))).progress;
    expect(progress).toMatchObject({ total: 3, done: 1, held: 2 });
    expect(progress.annotators.map((entry) => [entry.annotator, entry.done, entry.holding])).toEqual([[aliceName, 1, true], ['bob', 0, true]]);
    const unknownItem = '00000000-0000-4000-8000-000000000000';
    expect((await complete(alice, queue.id, unknownItem, answers(3))).status).toBe(404);
  });

  it(`hands each of ${RACED_ITEMS} items out once to two annotators racing for them, and completes each once`, async () => {
    const queue = (await createQueue({ name: 'race', score_config_ids: [configIds['stars']!, configIds['helpful']!] })).body;
    const traceIds = Array.from({ length: RACED_ITEMS }, (_, i) => `race-${i}`);
    await ok(alice.POST('/annotation-queues/{queue_id}/items', { ...queuePath(queue.id), body: { trace_ids: traceIds } }));

    // 200 presses at once, half each: each annotator holds one item, never the other's.
    const burst = await Promise.all(Array.from({ length: RACED_ITEMS }, (_, i) => next(i % 2 === 0 ? alice : bob, queue.id)));
    const aliceHeld = new Set(burst.filter((_, i) => i % 2 === 0).map((item) => item!.id));
    const bobHeld = new Set(burst.filter((_, i) => i % 2 === 1).map((item) => item!.id));
    expect([aliceHeld.size, bobHeld.size]).toEqual([1, 1]);
    expect([...aliceHeld][0]).not.toBe([...bobHeld][0]);

    // Then each works through the queue as fast as it answers, both at once, until nothing is left.
    const work = async (client: CrucibleClient, stars: number) => {
      const completed: string[] = [];
      for (let item = await next(client, queue.id); item; item = await next(client, queue.id)) {
        const done = await complete(client, queue.id, item.id, [{ config_id: configIds['stars']!, value: stars }, { config_id: configIds['helpful']!, value: false }]);
        expect(done.status).toBe(200);
        completed.push(item.trace_id);
      }
      return completed;
    };
    const [byAlice, byBob] = await Promise.all([work(alice, 5), work(bob, 1)]);
    expect(byAlice.filter((traceId) => byBob.includes(traceId))).toEqual([]);
    expect([...byAlice, ...byBob].sort()).toEqual([...traceIds].sort());
    expect(byAlice.length).toBeGreaterThan(0);
    expect(byBob.length).toBeGreaterThan(0);

    const stars = await ok(alice.GET('/scores', { params: { query: { source: 'annotation', name: 'stars', limit: 1000 } } }));
    const raced = stars.filter((score) => score.trace_id.startsWith('race-'));
    expect(raced).toHaveLength(RACED_ITEMS);
    expect(new Set(raced.map((score) => score.trace_id)).size).toBe(RACED_ITEMS);
    expect(raced.filter((score) => score.author === 'bob').map((score) => score.trace_id).sort()).toEqual([...byBob].sort());

    const progress = (await ok(alice.GET('/annotation-queues/{queue_id}', queuePath(queue.id)))).progress;
    expect(progress).toMatchObject({ total: RACED_ITEMS, done: RACED_ITEMS, held: 0 });
    expect(Object.fromEntries(progress.annotators.map((entry) => [entry.annotator, entry.done]))).toEqual({ [aliceName]: byAlice.length, bob: byBob.length });
    expect(await next(alice, queue.id)).toBeNull();
    const listed = (await ok(alice.GET('/annotation-queues'))).find((entry) => entry.id === queue.id)!;
    expect(listed.progress).toEqual({ total: RACED_ITEMS, done: RACED_ITEMS, held: 0 });
  }, 120_000);
});
