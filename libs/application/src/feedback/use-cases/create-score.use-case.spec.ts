import { InMemoryModelPricing, InMemoryScoreConfigRepository, InMemoryScoreRepository, InMemoryTraceRepository, actorOf } from '../../testing';
import { IngestOtlpTracesUseCase } from '../../traces/use-cases/ingest-otlp-traces.use-case';
import { ArchiveScoreConfigUseCase } from './archive-score-config.use-case';
import { CreateScoreConfigUseCase } from './create-score-config.use-case';
import { CreateScoreUseCase } from './create-score.use-case';

const TRACE = '1'.padStart(32, '0');
const SPAN = '2'.padStart(16, '0');

describe('CreateScoreUseCase', () => {
  const actor = actorOf();
  let configs: InMemoryScoreConfigRepository;
  let scores: InMemoryScoreRepository;
  let createScore: CreateScoreUseCase;
  let stars: Awaited<ReturnType<CreateScoreConfigUseCase['execute']>>;

  beforeEach(async () => {
    const traces = new InMemoryTraceRepository();
    await new IngestOtlpTracesUseCase(traces, { maxSpansPerTrace: 10 }, new InMemoryModelPricing({})).execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: TRACE, spanId: SPAN, name: 'answer', startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000100000000' },
    ] }] }] });
    configs = new InMemoryScoreConfigRepository();
    scores = new InMemoryScoreRepository(traces);
    createScore = new CreateScoreUseCase(scores, configs);
    stars = await new CreateScoreConfigUseCase(configs).execute(actor, { name: 'stars', dataType: 'numeric', min: 1, max: 5 });
  });

  it('checks a score sent by name against the config of that name and records who sent it', async () => {
    const { score, created } = await createScore.execute(actor, { traceId: TRACE, spanId: SPAN, name: 'stars', value: 4, source: 'sdk' });
    expect(created).toBe(true);
    expect(score).toMatchObject({
      traceId: TRACE, spanId: SPAN, name: 'stars', configId: stars.id, value: 4, source: 'sdk', authorId: actor.id, author: 'test key',
    });
    await expect(createScore.execute(actor, { traceId: TRACE, name: 'stars', value: 6, source: 'api' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('answers a retry with the first score of its id, unchecked', async () => {
    const first = await createScore.execute(actor, { id: 'mine-1', traceId: TRACE, name: 'stars', value: 2, source: 'api' });
    const again = await createScore.execute(actor, { id: 'mine-1', traceId: TRACE, name: 'stars', value: 99, source: 'api' });
    expect(again).toEqual({ score: first.score, created: false });
    expect(scores.scores).toHaveLength(1);
  });

  it('names what it cannot find, and a config whose name differs from the score\'s', async () => {
    await expect(createScore.execute(actor, { traceId: 'other', name: 'stars', value: 3, source: 'api' }))
      .rejects.toMatchObject({ code: 'not_found', message: 'trace other not found' });
    await expect(createScore.execute(actor, { traceId: TRACE, spanId: 'nope', name: 'stars', value: 3, source: 'api' }))
      .rejects.toMatchObject({ code: 'not_found', message: `span nope not found in trace ${TRACE}` });
    await expect(createScore.execute(actorOf(), { traceId: TRACE, name: 'stars', value: 3, source: 'api' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(createScore.execute(actor, { traceId: TRACE, configId: stars.id, name: 'rating', value: 3, source: 'api' }))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [expect.objectContaining({ field: ['name'] })] });
    await expect(createScore.execute(actor, { traceId: TRACE, configId: actor.id, value: 3, source: 'api' }))
      .rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses new scores for an archived config, whose name a new config may then take', async () => {
    await new ArchiveScoreConfigUseCase(configs).execute(actor, stars.id, true);
    await expect(createScore.execute(actor, { traceId: TRACE, configId: stars.id, value: 3, source: 'api' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(createScore.execute(actor, { traceId: TRACE, name: 'stars', value: 3, source: 'api' })).rejects.toMatchObject({ code: 'conflict' });
    // A new config of that name takes over the name's scores.
    const helpful = await new CreateScoreConfigUseCase(configs).execute(actor, { name: 'stars', dataType: 'boolean' });
    expect((await createScore.execute(actor, { traceId: TRACE, name: 'stars', value: true, source: 'api' })).score).toMatchObject({ configId: helpful.id, value: 1 });
    await expect(new ArchiveScoreConfigUseCase(configs).execute(actor, stars.id, false)).rejects.toMatchObject({ code: 'conflict' });
  });
});
