import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { overrideEnvironment } from './support/process-environment';

/** gpt-4o-mini in @pydantic/genai-prices 0.1.8: $0.15 and $0.60 per million input and output tokens. */
const GPT_4O_MINI = { input: 0.15, output: 0.6 };
const nanos = (date: Date) => `${BigInt(date.getTime()) * 1_000_000n}`;
interface OtlpAttribute { key: string; value: { intValue?: number; doubleValue?: number; stringValue?: string } }
const attribute = (key: string, value: string | number): OtlpAttribute => ({ key, value: typeof value === 'number' ? { intValue: value } : { stringValue: value } });

/** ARCHITECTURE §15: the model catalog with prices, custom models, and costs Crucible computes at trace ingest. */
describe.each(['pglite', 'postgres'] as const)('models and computed costs on %s', (engine) => {
  let server: RunningApi;
  let restoreEnvironment = (): void => undefined;

  beforeAll(async () => {
    // The OPENAI_* fallback is the project's `environment` connection: kind openai is connected, and custom models may use it.
    restoreEnvironment = overrideEnvironment({ OPENAI_API_KEY: 'sk-e2e-models' });
    server = await startApi(engine);
  });
  afterAll(async () => {
    await server?.close();
    restoreEnvironment();
  });

  it('lists the catalog filtered by provider and text, with prices and what the project can call', async () => {
    const models = await ok(server.api.GET('/models', { params: { query: { provider: 'openai', q: 'GPT-4O-MINI' } } }));
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((model) => model.provider === 'openai' && model.id.toLowerCase().includes('gpt-4o-mini'))).toBe(true);
    expect(models.find((model) => model.id === 'openai/gpt-4o-mini')).toMatchObject({
      provider: 'openai', name: 'gpt 4o mini', context_window: 128000, max_output_tokens: null, input_price_per_mtok: GPT_4O_MINI.input,
      output_price_per_mtok: GPT_4O_MINI.output, cached_input_price_per_mtok: 0.075, source: 'catalog', available: true,
    });
    const anthropic = await ok(server.api.GET('/models', { params: { query: { provider: 'anthropic', limit: 3 } } }));
    expect(anthropic).toHaveLength(3);
    expect(anthropic.every((model) => model.provider === 'anthropic' && !model.available)).toBe(true);
    const page = await server.client.get('/models?provider=anthropic&limit=3');
    expect(page.headers.get('link')).toMatch(/cursor=.*rel="next"/);
    expect((await server.client.get('/models?provider=nonsense')).status).toBe(422);
  });

  it('adds, changes and deletes a custom model, refusing bad input and catalog ids, storing nothing on a refusal', async () => {
    const body = { provider_connection_id: 'environment', name: 'ft:gpt-4o-mini:acme', input_price_per_mtok: 1, output_price_per_mtok: 2 };
    const created = await server.client.post('/models', { ...body, match_pattern: '^ft:gpt-4o-mini' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: 'environment/ft:gpt-4o-mini:acme', provider: 'openai', source: 'custom', available: true, input_price_per_mtok: 1,
      output_price_per_mtok: 2, cached_input_price_per_mtok: null, match_pattern: '^ft:gpt-4o-mini', provider_connection_id: 'environment',
    });
    const id: string = created.body.custom_model_id;


    const refused = [
      [{ ...body, name: 'other', match_pattern: '(a)\\1' }, 422, 'match_pattern'],
      [{ ...body, name: 'other', input_price_per_mtok: -1 }, 422, 'input_price_per_mtok'],
      [{ ...body, name: 'other', provider_connection_id: '4f1c2b9e-0000-4000-8000-000000000000' }, 422, 'provider_connection_id'],
      [body, 409, 'already has a model named'],
    ] as const;
    for (const [sent, status, named] of refused) {
      const answer = await server.client.post('/models', sent);
      expect({ status: answer.status, detail: JSON.stringify(answer.body.detail) }).toEqual({ status, detail: expect.stringContaining(named) });
    }
    const custom = await ok(server.api.GET('/models', { params: { query: { q: 'acme' } } }));
    expect(custom.map((model) => model.id)).toEqual(['environment/ft:gpt-4o-mini:acme']);

    const changed = await server.client.request('PATCH', `/models/${id}`, { output_price_per_mtok: 3, cached_input_price_per_mtok: 0.5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ input_price_per_mtok: 1, output_price_per_mtok: 3, cached_input_price_per_mtok: 0.5 });
    expect((await server.client.request('PATCH', `/models/${id}`, { match_pattern: '(?<=x)y' })).status).toBe(422);
    const catalogChange = await server.client.request('PATCH', `/models/${encodeURIComponent('openai/gpt-4o-mini')}`, { input_price_per_mtok: 0 });
    expect(catalogChange.status).toBe(409);
    expect(catalogChange.body.detail).toContain('catalog models cannot be changed');
    expect((await server.client.delete(`/models/${encodeURIComponent('openai/gpt-4o-mini')}`)).status).toBe(409);
    expect((await server.client.delete('/models/4f1c2b9e-0000-4000-8000-000000000000')).status).toBe(404);

    // Spans of the fine-tune are priced by it, ahead of the catalog: 1 000 × $1/M + 1 000 × $3/M.
    const start = new Date(Date.UTC(2026, 10, 2, 12, 0, engine === 'pglite' ? 0 : 30));
    const traceId = 'f7'.padEnd(32, '3');
    await server.client.post('/v1/traces', { resourceSpans: [{ scopeSpans: [{ spans: [{
      traceId, spanId: '2'.repeat(16), name: 'chat', startTimeUnixNano: nanos(start), endTimeUnixNano: nanos(new Date(start.getTime() + 5)),
      attributes: [attribute('gen_ai.request.model', 'ft:gpt-4o-mini:acme:7'), attribute('gen_ai.usage.input_tokens', 1000),
        attribute('gen_ai.usage.output_tokens', 1000)],
    }] }] }] });
    expect(await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: traceId } } }))).toMatchObject({ cost: 0.004, cost_source: 'computed' });

    expect((await server.client.delete(`/models/${id}`)).status).toBe(204);
    expect(await ok(server.api.GET('/models', { params: { query: { q: 'acme' } } }))).toEqual([]);
  });

  it('prices an OTLP span with a model and tokens but no cost from the catalog; a reported cost stays; metrics add both', async () => {
    const start = new Date(Date.UTC(2026, 10, 1, 12, 0, engine === 'pglite' ? 0 : 30));
    const span = (traceId: string, attributes: OtlpAttribute[]) => ({
      traceId, spanId: '1'.repeat(16), name: 'chat gpt-4o-mini', kind: 3, startTimeUnixNano: nanos(start),
      endTimeUnixNano: nanos(new Date(start.getTime() + 200)), attributes,
    });
    const usage = [attribute('gen_ai.system', 'openai'), attribute('gen_ai.request.model', 'gpt-4o-mini'),
      attribute('gen_ai.usage.input_tokens', 1234), attribute('gen_ai.usage.output_tokens', 567)];
    const computedId = 'c0'.padEnd(32, '1');
    const reportedId = 'c0'.padEnd(32, '2');
    const sent = await server.client.post('/v1/traces', { resourceSpans: [{ scopeSpans: [{ spans: [
      span(computedId, usage),
      span(reportedId, [...usage, { key: 'gen_ai.usage.cost', value: { doubleValue: 0.25 } }]),
    ] }] }] });
    expect(sent.body).toEqual({ partialSuccess: {} });

    const expected = (1234 * GPT_4O_MINI.input + 567 * GPT_4O_MINI.output) / 1e6;
    const computed = await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: computedId } } }));
    expect(computed.cost_source).toBe('computed');
    expect(Math.abs(computed.cost! - expected)).toBeLessThan(1e-8);
    expect(computed.spans[0]).toMatchObject({ cost_source: 'computed', model: 'gpt-4o-mini' });
    const reported = await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: reportedId } } }));
    expect(reported).toMatchObject({ cost: 0.25, cost_source: 'reported' });
    const listed = await ok(server.api.GET('/traces', { params: { query: { from: start.toISOString() } } }));
    expect(listed.find((trace) => trace.trace_id === computedId)).toMatchObject({ cost_source: 'computed' });

    // Our own trace shape too: an SDK trace whose client sent no cost.
    const sdkId = `sdk-${engine}`;
    const llm = { span_id: 'llm', parent_span_id: 'root', name: 'llm', kind: 'llm', status: 'ok', start_time: start.toISOString(),
      end_time: start.toISOString(), latency_ms: 1, model: 'gpt-4o-mini', tokens: { prompt: 1234, completion: 567, total: 1801 } };
    const root = { ...llm, span_id: 'root', parent_span_id: null, name: 'generate', kind: 'workflow', model: undefined };
    const ingested = await server.client.post('/traces', { traces: [{ trace_id: sdkId, latency_ms: 1, cost: 0, tokens: llm.tokens, spans: [root, llm] }] });
    expect(ingested.body).toMatchObject({ accepted: 1 });
    const sdk = await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: sdkId } } }));
    expect(sdk.cost_source).toBe('computed');
    expect(Math.abs(sdk.cost! - expected)).toBeLessThan(1e-8);

    const metrics = await ok(server.api.GET('/traces/metrics', {
      params: { query: { from: start.toISOString(), to: new Date(start.getTime() + 1000).toISOString(), interval: 'minute' } },
    }));
    const cost = (metrics.buckets as Array<{ cost: number }>).reduce((sum, bucket) => sum + bucket.cost, 0);
    expect(Math.abs(cost - (2 * expected + 0.25))).toBeLessThan(1e-8);
  });
});
