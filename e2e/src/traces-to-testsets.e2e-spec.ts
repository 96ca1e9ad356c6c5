import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { init, type RunningService } from '@crucible/sdk';
import type { CrucibleClient } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { waitFor } from './support/wait-for';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';

/*
 * Traces to test sets (ARCHITECTURE §18): production calls of an SDK service become rows (inputs, output, the root
 * span's attributes, and the trace they came from), and the next evaluation runs over them.
 */
describe.each<Engine>(['pglite', 'postgres'])('traces to test sets on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let mock: MockLlmServer;
  let service: RunningService;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    mock = await startMockLlmServer();
    init({ host: server.baseUrl, apiKey: server.apiKey, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
    service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    await mock?.close();
    await server?.close();
  });

  it('makes a test set of production traces, adds more rows, and an evaluation runs over them', async () => {
    const app = await ok(api.POST('/apps', { body: { app_name: `from-traces-${engine}` } }));
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: app.app_id } }, body: { variant_name: 'main', url: service.url },
    }));
    await ok(api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } }));
    for (const city of ['Paris', 'Lima']) {
      const called = await fetch(`${service.url}/run`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { input: `Capital?\nMOCK_REPLY: ${city}` }, environment: 'production', app_id: app.app_id }),
      });
      expect(called.status).toBe(200);
    }
    const production = await waitFor('both production traces', async () => {
      const listed = await ok(api.GET('/traces', { params: { query: { app_id: app.app_id, environment: 'production' } } }));
      return listed.length === 2 ? listed.reverse() : undefined;
    }, 10_000, 100);
    // One more call, sent by another producer, with an attribute on its root span.
    const rome = { trace_id: `rome-${engine}`, latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, app_id: app.app_id, spans: [{
      span_id: 'root', parent_span_id: null, name: 'generate', kind: 'workflow', status: 'ok', start_time: new Date().toISOString(),
      end_time: new Date().toISOString(), latency_ms: 5, inputs: { input: 'Capital?\nMOCK_REPLY: Rome' }, outputs: 'Rome', attributes: { 'customer.tier': 'gold' },
    }] };
    expect((await server.client.post('/traces', { traces: [rome] })).body).toMatchObject({ accepted: 1 });

    const mapping = { input: 'inputs.input', correct_answer: 'output', tier: 'attributes.customer.tier' };
    const created = await ok(api.POST('/testsets/from-traces', {
      body: { name: 'from production', app_id: app.app_id, trace_ids: production.map((listed) => listed.trace_id), mapping },
    }));
    expect(created).toMatchObject({ name: 'from production', columns: ['input', 'correct_answer', 'tier', 'trace_id'], rows_count: 2 });
    const ofSet = { params: { path: { testset_id: created.id } } };
    const grown = await ok(api.POST('/testsets/{testset_id}/rows/from-traces', { ...ofSet, body: { trace_ids: [rome.trace_id], mapping } }));
    expect(grown.rows_count).toBe(3);
    const testset = await ok(api.GET('/testsets/{testset_id}', ofSet));
    expect(testset.csvdata).toEqual([
      { input: 'Capital?\nMOCK_REPLY: Paris', correct_answer: 'Paris', tier: null, trace_id: production[0]!.trace_id },
      { input: 'Capital?\nMOCK_REPLY: Lima', correct_answer: 'Lima', tier: null, trace_id: production[1]!.trace_id },
      { input: 'Capital?\nMOCK_REPLY: Rome', correct_answer: 'Rome', tier: 'gold', trace_id: rome.trace_id },
    ]);

    const [revision] = await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } }));
    const exact = await ok(api.POST('/evaluators/configs', { body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} } }));
    const [evaluation] = await ok(api.POST('/evaluations', {
      body: { app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: [exact.id], testset_id: created.id, rate_limit: QUICK_RATE_LIMIT },
    }));
    expect((await waitForTerminal(api, evaluation!.id)).status.value).toBe('EVALUATION_FINISHED');
    const scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
    expect(scenarios.map((scenario) => [scenario.output, scenario.correct_answer, scenario.results.map((result) => result.result.value)])).toEqual([
      ['Paris', 'Paris', [true]], ['Lima', 'Lima', [true]], ['Rome', 'Rome', [true]],
    ]);
  });

  it('names what is wrong: a bad mapping (422), a trace it does not know (404), columns the set has not (422)', async () => {
    const traced = { trace_id: `known-${engine}`, latency_ms: 1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans: [{
      span_id: 'root', parent_span_id: null, name: 'n', kind: 'workflow', status: 'ok', start_time: new Date().toISOString(),
      end_time: new Date().toISOString(), latency_ms: 1, inputs: { q: 'why?' }, outputs: 'because',
    }] };
    await server.client.post('/traces', { traces: [traced] });
    const create = (trace_ids: string[], mapping: Record<string, string>) =>
      answer(api.POST('/testsets/from-traces', { body: { name: `bad-${Math.random()}`, trace_ids, mapping } }));

    const badMapping = await create([traced.trace_id], { question: 'input.q', answer: 'output' });
    expect(badMapping).toMatchObject({
      status: 422, body: { detail: [{ loc: ['body', 'mapping', 'question'], msg: expect.stringContaining('"input.q" is not "inputs.<name>"') }] },
    });

    const unknown = await create([traced.trace_id, 'no-such-trace'], { question: 'inputs.q' });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'trace no-such-trace not found' } });

    const set = await ok(api.POST('/testsets/from-traces', { body: { name: `good-${engine}`, trace_ids: [traced.trace_id], mapping: { question: 'inputs.q' } } }));
    const add = await answer(api.POST('/testsets/{testset_id}/rows/from-traces', {
      params: { path: { testset_id: set.id } }, body: { trace_ids: [traced.trace_id], mapping: { prompt: 'inputs.q' } },
    }));
    expect(add).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'mapping'], msg: 'the test set\'s columns are "question": the mapping lacks "question" and names "prompt", which it has not' }] },
    });
  });
});
