import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { createFeedbackApp } from '@crucible/examples';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { init, score, ScoreError, type RunningService } from '@crucible/sdk';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';

type Score = CrucibleSchemas['ScoreDto_Output'];
interface MetricsBucket { count: number; scores: Record<string, number> }

const HOUR = '2026-11-27T14:00:00.000Z';
const NEXT_HOUR = '2026-11-27T15:00:00.000Z';

/** A trace of one workflow span and one llm span under it, started at `start`. */
function traceRecord(traceId: string, start: string) {
  const end = new Date(Date.parse(start) + 5).toISOString();
  const span = (spanId: string, parent: string | null, kind: string) => ({
    span_id: spanId, parent_span_id: parent, name: kind, kind, status: 'ok', start_time: start, end_time: end, latency_ms: 5,
  });
  return {
    trace_id: traceId, latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, inputs: { q: traceId }, output: 'a',
    spans: [span(`${traceId}-root`, null, 'workflow'), span(`${traceId}-llm`, `${traceId}-root`, 'llm')],
  };
}

/** ARCHITECTURE §18: score configs, and scores on traces checked against them, listed, filtered and charted. */
describe.each<Engine>(['pglite', 'postgres'])('scores on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    const ingested = await server.client.post('/traces', { traces: [
      traceRecord('t-good', HOUR), traceRecord('t-bad', HOUR), traceRecord('t-later', NEXT_HOUR), traceRecord('t-unscored', NEXT_HOUR),
    ] });
    expect(ingested.status).toBe(200);
  });
  afterAll(() => server?.close());

  const createConfig = (body: CrucibleSchemas['CreateScoreConfigDto']) =>
    answer(api.POST('/score-configs', { body }));
  const postScore = (body: CrucibleSchemas['CreateScoreDto']) => answer(api.POST('/scores', { body }));

  it('creates, lists, reads and archives score configs, refusing what does not fit the type', async () => {
    const stars = await createConfig({ name: 'stars', data_type: 'numeric', min: 1, max: 5, description: 'how good, 1 to 5' });
    expect(stars).toMatchObject({ status: 200, body: { name: 'stars', data_type: 'numeric', min: 1, max: 5, categories: null, archived: false } });
    const tone = await createConfig({ name: 'tone', data_type: 'categorical', categories: [{ label: 'rude', value: 0 }, { label: 'polite', value: 1 }] });
    expect(tone.status).toBe(200);
    expect((await createConfig({ name: 'helpful', data_type: 'boolean' })).status).toBe(200);
    expect((await createConfig({ name: 'note', data_type: 'text' })).status).toBe(200);

    expect(await createConfig({ name: 'stars', data_type: 'numeric' })).toMatchObject({ status: 409, body: { detail: expect.stringContaining('"stars" already exists') } });
    expect(await createConfig({ name: 'x', data_type: 'categorical' })).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'categories'] })] },
    });
    expect(await createConfig({ name: 'y', data_type: 'numeric', min: 3, max: 1 })).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'max'] })] },
    });
    expect((await createConfig({ name: 'z', data_type: 'percent' as 'text' })).status).toBe(422);

    const listed = await ok(api.GET('/score-configs'));
    expect(listed.map((config) => config.name)).toEqual(['stars', 'tone', 'helpful', 'note']);
    const firstPage = await answer(api.GET('/score-configs', { params: { query: { limit: 3 } } }));
    expect(firstPage.body).toHaveLength(3);
    expect(firstPage.headers.get('link')).toMatch(/rel="next"/);
    const got = await ok(api.GET('/score-configs/{config_id}', { params: { path: { config_id: tone.body.id } } }));
    expect(got.categories).toEqual([{ label: 'rude', value: 0 }, { label: 'polite', value: 1 }]);
    expect((await answer(api.GET('/score-configs/{config_id}', { params: { path: { config_id: '00000000-0000-4000-8000-000000000000' } } }))).status).toBe(404);
  });

  it('stores scores from the api, checked against their configs, with their author and source', async () => {
    const configs = await ok(api.GET('/score-configs'));
    const configId = (name: string) => configs.find((config) => config.name === name)!.id;

    const stars = await postScore({ trace_id: 't-good', config_id: configId('stars'), value: 5, comment: 'spot on' });
    expect(stars).toMatchObject({ status: 200, body: {
      trace_id: 't-good', span_id: null, name: 'stars', data_type: 'numeric', value: 5, string_value: null, comment: 'spot on',
      config_id: configId('stars'), source: 'api', author: expect.any(String),
    } });
    // By name alone: checked against the config of that name.
    expect((await postScore({ trace_id: 't-bad', name: 'stars', value: 2 })).body).toMatchObject({ config_id: configId('stars'), value: 2 });
    expect((await postScore({ trace_id: 't-later', name: 'stars', value: 4 })).status).toBe(200);
    expect((await postScore({ trace_id: 't-good', name: 'tone', string_value: 'polite' })).body).toMatchObject({ value: 1, string_value: 'polite' });
    expect((await postScore({ trace_id: 't-bad', name: 'tone', value: 0 })).body).toMatchObject({ value: 0, string_value: 'rude' });
    expect((await postScore({ trace_id: 't-good', name: 'helpful', value: true })).body).toMatchObject({ data_type: 'boolean', value: 1 });
    expect((await postScore({ trace_id: 't-good', span_id: 't-good-llm', name: 'note', string_value: 'terse' })).body)
      .toMatchObject({ span_id: 't-good-llm', data_type: 'text', value: null, string_value: 'terse' });
    // A name without a config: the type follows the value.
    expect((await postScore({ trace_id: 't-good', name: 'latency_ok', value: 0.5 })).body).toMatchObject({ data_type: 'numeric', config_id: null });

    const tree = await ok(api.GET('/traces/{trace_id}', { params: { path: { trace_id: 't-good' } } }));
    expect(tree.scores.map((score) => [score.name, score.value, score.string_value])).toEqual([
      ['stars', 5, null], ['tone', 1, 'polite'], ['helpful', 1, 'true'], ['note', null, 'terse'], ['latency_ok', 0.5, null],
    ]);
  });

  it('answers a retried score with the first one stored under its id', async () => {
    const first = await postScore({ id: 'thumbs-1', trace_id: 't-later', name: 'thumbs', value: 1 });
    const again = await postScore({ id: 'thumbs-1', trace_id: 't-later', name: 'thumbs', value: 0 });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await ok(api.GET('/scores', { params: { query: { trace_id: 't-later', name: 'thumbs' } } }))).toHaveLength(1);
  });

  it('refuses values outside their config by name, unknown traces and spans, and archived configs', async () => {
    const stars = await postScore({ trace_id: 't-good', name: 'stars', value: 7 });
    expect(stars).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({
      loc: ['body', 'value'], msg: expect.stringContaining('7 is above the maximum 5 of score config "stars"'),
    })] } });
    expect(await postScore({ trace_id: 't-good', name: 'tone', string_value: 'snarky' })).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'string_value'], msg: expect.stringContaining('"snarky" is not a category') })] },
    });
    expect(await postScore({ trace_id: 't-good', name: 'helpful', string_value: 'very' })).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'string_value'], msg: expect.stringContaining('is boolean') })] },
    });
    expect((await postScore({ trace_id: 't-good', name: 'note', value: 3 })).status).toBe(422);
    expect((await postScore({ trace_id: 't-good' })).status).toBe(422);
    expect(await postScore({ trace_id: 'no-such-trace', name: 'stars', value: 3 })).toMatchObject({ status: 404, body: { detail: 'trace no-such-trace not found' } });
    expect((await postScore({ trace_id: 't-good', span_id: 'no-such-span', name: 'stars', value: 3 })).status).toBe(404);

    // Another project's trace is not found, whatever its id.
    const other = await ok(api.POST('/projects', { body: { name: `elsewhere-${engine}` } }));
    const elsewhere = server.withKey(other.api_key!.key);
    expect((await answer(elsewhere.POST('/scores', { body: { trace_id: 't-good', name: 'stars', value: 3 } }))).status).toBe(404);
    expect(await ok(elsewhere.GET('/scores'))).toEqual([]);

    const configs = await ok(api.GET('/score-configs'));
    const note = configs.find((config) => config.name === 'note')!;
    const archived = await ok(api.PATCH('/score-configs/{config_id}', { params: { path: { config_id: note.id } }, body: { archived: true } }));
    expect(archived.archived).toBe(true);
    expect(await postScore({ trace_id: 't-good', config_id: note.id, string_value: 'more' })).toMatchObject({
      status: 409, body: { detail: expect.stringContaining('is archived') },
    });
    expect((await postScore({ trace_id: 't-good', name: 'note', string_value: 'more' })).status).toBe(409);
    // Its old scores stay; its name is free for a new config, which then takes the name's scores.
    expect(await ok(api.GET('/scores', { params: { query: { name: 'note' } } }))).toHaveLength(1);
    expect((await createConfig({ name: 'note', data_type: 'text' })).status).toBe(200);
    expect((await postScore({ trace_id: 't-bad', name: 'note', string_value: 'fine' })).status).toBe(200);
    expect((await ok(api.GET('/score-configs', { params: { query: { archived: 'true' } } }))).map((config) => config.id)).toEqual([note.id]);
  });

  it('lists scores by trace, name, source and time', async () => {
    const all = await ok(api.GET('/scores'));
    expect(all.every((score: Score) => score.source === 'api')).toBe(true);
    expect((await ok(api.GET('/scores', { params: { query: { name: 'stars' } } }))).map((score) => score.trace_id)).toEqual(['t-good', 't-bad', 't-later']);
    expect(await ok(api.GET('/scores', { params: { query: { source: 'sdk' } } }))).toEqual([]);
    expect(await ok(api.GET('/scores', { params: { query: { to: '2020-01-01' } } }))).toEqual([]);
    expect(await ok(api.GET('/scores', { params: { query: { from: '2020-01-01', trace_id: 't-bad' } } }))).toHaveLength(3);
    const paged = await answer(api.GET('/scores', { params: { query: { limit: 2 } } }));
    expect(paged.body).toHaveLength(2);
    const next = paged.headers.get('link')!.match(/cursor=([^&>]+)/)![1]!;
    const rest = await ok(api.GET('/scores', { params: { query: { cursor: decodeURIComponent(next) } } }));
    expect([...paged.body, ...rest].map((score: Score) => score.id)).toEqual(all.map((score) => score.id));
  });

  it('filters traces by a score and charts each score\'s mean per bucket', async () => {
    const traceIds = async (query: Record<string, string | number>) =>
      (await ok(api.GET('/traces', { params: { query } }))).map((trace) => trace.trace_id).sort();
    expect(await traceIds({ score_name: 'stars' })).toEqual(['t-bad', 't-good', 't-later']);
    expect(await traceIds({ score_name: 'stars', score_min: 4 })).toEqual(['t-good', 't-later']);
    expect(await traceIds({ score_name: 'stars', score_min: 2, score_max: 4 })).toEqual(['t-bad', 't-later']);
    expect(await traceIds({ score_name: 'tone', score_max: 0 })).toEqual(['t-bad']);
    expect(await answer(api.GET('/traces', { params: { query: { score_min: 1 } } }))).toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['query', 'score_name'] })] },
    });

    const metrics = await ok(api.GET('/traces/metrics', { params: { query: { interval: 'hour', from: HOUR, to: '2026-11-27T16:00:00.000Z' } } }));
    const buckets = metrics.buckets as unknown as MetricsBucket[];
    expect(buckets.map((bucket) => bucket.count)).toEqual([2, 2]);
    expect(buckets[0]!.scores).toEqual({ stars: 3.5, tone: 0.5, helpful: 1, latency_ok: 0.5 });
    expect(buckets[1]!.scores).toEqual({ stars: 4, thumbs: 1 });
    const filtered = await ok(api.GET('/traces/metrics', { params: { query: { interval: 'hour', from: HOUR, to: NEXT_HOUR, score_name: 'stars', score_min: 5 } } }));
    expect((filtered.buckets as unknown as MetricsBucket[]).map((bucket) => [bucket.count, bucket.scores['stars']])).toEqual([[1, 5]]);
  });

  describe('from an SDK service', () => {
    let mock: MockLlmServer;
    let service: RunningService;
    beforeAll(async () => {
      mock = await startMockLlmServer();
      init({ host: server.baseUrl, apiKey: server.apiKey, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
      service = await createFeedbackApp().listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await service?.close();
      await mock?.close();
    });

    it('scores the trace whose id a route handed back, as source sdk', async () => {
      const app = await ok(api.POST('/apps', { body: { app_name: `assistant-${engine}` } }));
      const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
        params: { path: { app_id: app.app_id } }, body: { variant_name: 'main', url: service.url },
      }));
      await ok(api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } }));
      const call = await fetch(`${service.url}/run`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { question: 'MOCK_REPLY: Paris' }, environment: 'production', app_id: app.app_id }),
      });
      const { data } = await call.json() as { data: { answer: string; trace_id: string } };
      expect(data.answer).toBe('Paris');

      // The trace is still in the SDK's export queue: score() sends it first.
      const thumbs = await score({ traceId: data.trace_id, name: 'thumbs_up', value: true, comment: 'right answer' });
      expect(thumbs).toMatchObject({ trace_id: data.trace_id, name: 'thumbs_up', value: 1, data_type: 'boolean', source: 'sdk', comment: 'right answer' });
      const again = await score({ id: thumbs.id, traceId: data.trace_id, name: 'thumbs_up', value: false });
      expect(again).toEqual(thumbs);

      const tree = await ok(api.GET('/traces/{trace_id}', { params: { path: { trace_id: data.trace_id } } }));
      expect(tree).toMatchObject({ app_id: app.app_id, environment: 'production' });
      expect(tree.scores).toEqual([thumbs]);
      expect(await ok(api.GET('/scores', { params: { query: { source: 'sdk' } } }))).toEqual([thumbs]);
      await expect(score({ traceId: 'never-made', name: 'thumbs_up', value: 1 })).rejects.toMatchObject({ status: 404 });
      await expect(score({ traceId: data.trace_id, name: 'stars', value: 9 })).rejects.toBeInstanceOf(ScoreError);
    });
  });
});
