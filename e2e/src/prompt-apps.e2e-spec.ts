import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { BuiltinWorkflowRunner, type BuiltinStreamEvent } from '@crucible/application';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';
import { waitFor } from './support/wait-for';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-mock-prompt-apps-0123';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 9).toString('base64');
const CHAT_URI = 'crucible:builtin:chat:v1';
const WEATHER_TOOL = {
  type: 'function', function: { name: 'get_weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

type Json = Record<string, any>;

describe.each<Engine>(['pglite', 'postgres'])('prompt apps on %s', (engine) => {
  let server: RunningApi;
  let mock: MockLlmServer;
  let dataDir: string;
  let restoreEnvironment = (): void => undefined;

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-prompt-core-'));
    // No OPENAI_* fallback: a model's connection is the project's own or none.
    restoreEnvironment = overrideEnvironment({
      OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}),
    });
    server = await startApi(engine, { dataDir, outbound: OUTBOUND });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await mock?.close();
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnvironment();
  });

  const ofVariant = (id: string) => ({ params: { path: { variant_id: id } } });
  const run = (variantId: string, body: { inputs: Json; config?: Json }) =>
    answer(server.api.POST('/variants/{variant_id}/playground/run', { ...ofVariant(variantId), body }));
  const latestParameters = async (variantId: string): Promise<Json> => {
    const revisions = await ok(server.api.GET('/variants/{variant_id}/revisions', ofVariant(variantId)));
    return revisions.at(-1)!.parameters as Json;
  };
  const save = (variantId: string, parameters: Json) => answer(server.api.PUT('/variants/{variant_id}/parameters', { ...ofVariant(variantId), body: { parameters } }));
  const connect = (name: string, headers?: Record<string, string>) => ok(server.api.POST('/provider-connections', {
    body: { name, kind: 'openai_compatible', base_url: mock.url, api_key: MOCK_KEY, ...(headers ? { headers } : {}) },
  }));
  const createApp = (name: string, template: string) => ok(server.api.POST('/apps', { body: { app_name: `${name}-${engine}`, template_key: template } }));

  it('lists the templates', async () => {
    expect(await ok(server.api.GET('/templates'))).toEqual([
      { key: 'completion', name: 'Completion', description: expect.any(String) },
      { key: 'chat', name: 'Chat', description: expect.any(String) },
    ]);
  });

  it('makes an app without a connection, whose run answers 422 naming the missing connection', async () => {
    const created = await createApp('early', 'completion');
    expect(created.variant).toMatchObject({ variant_name: 'default', uri: 'crucible:builtin:completion:v1', revision: 1 });
    const parameters = await latestParameters(created.variant!.variant_id);
    expect(parameters['prompt']).toMatchObject({ template_format: 'curly', input_keys: ['input'], llm_config: { model: 'openai/gpt-4o-mini' } });
    const refused = await run(created.variant!.variant_id, { inputs: { input: 'hi' } });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/no connection for provider 'openai'/);
  });

  describe('with the mock LLM as an openai_compatible connection', () => {
    let completion: Json;
    let chat: Json;

    beforeAll(async () => {
      await connect('local');
      completion = (await createApp('capitals', 'completion')).variant!;
      chat = (await createApp('assistant', 'chat')).variant!;
    });

    it('starts templates on a model the connection serves and answers a playground run with data and trace', async () => {
      const parameters = await latestParameters(completion['variant_id']);
      expect(parameters['prompt'].llm_config.model).toBe('local/gpt-4o-mini');
      const answered = await run(completion['variant_id'], { inputs: { input: 'MOCK_REPLY: Lima' } });
      expect(answered).toMatchObject({ status: 200, body: { data: 'Lima' } });
      const [root, llm] = answered.body.trace.spans;
      expect(root).toMatchObject({ name: 'completion', kind: 'workflow', status: 'ok', outputs: 'Lima' });
      expect(llm).toMatchObject({
        kind: 'llm', model: 'local/gpt-4o-mini', tokens: { completion: 1 }, attributes: { 'gen_ai.provider.name': 'openai_compatible', 'gen_ai.response.model': 'gpt-4o-mini' },
      });
      expect(mock.stats().chatCompletions).toBeGreaterThan(0);
      // Kept as a service's SDK would export it: with its app, variant and revision.
      const kept = await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: answered.body.trace.trace_id } } }));
      expect(kept).toMatchObject({ app_id: completion['app_id'], variant_id: completion['variant_id'], status: 'ok' });
    });

    it('prices calls of a model the project priced', async () => {
      const [connection] = await ok(server.api.GET('/provider-connections'));
      await ok(server.api.POST('/models', { body: { provider_connection_id: connection!.id, name: 'gpt-4o-mini', input_price_per_mtok: 1, output_price_per_mtok: 2 } }));
      const answered = await run(completion['variant_id'], { inputs: { input: 'MOCK_REPLY: Quito is the capital' } });
      expect(answered.body.trace.cost).toBeGreaterThan(0);
      expect(answered.body.trace.spans[1].cost).toBe(answered.body.trace.cost);
    });

    it('answers a missing variable with 422 naming it', async () => {
      const refused = await run(completion['variant_id'], { inputs: { question: 'x' } });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'inputs', 'input'], msg: expect.stringContaining("'input'") })]);
    });

    it('describes a built-in variant in a service\'s shape', async () => {
      const schema = await ok(server.api.GET('/variants/{variant_id}/schema', ofVariant(chat['variant_id'])));
      expect(schema).toMatchObject({ uri: CHAT_URI, route: '/', routes: ['/'], inputs: ['messages'] });
      const prompt = schema.config_schema.properties['prompt'] as Json;
      expect(prompt).toMatchObject({ 'x-parameter': 'prompt', type: 'object', properties: { messages: { 'x-parameter': 'messages' } } });
      expect(prompt['properties'].llm_config.properties.model).toMatchObject({ 'x-parameter': 'choice', default: 'local/gpt-4o-mini', choices: { local: expect.arrayContaining(['local/gpt-4o-mini']) } });
    });

    it('runs a chat app on the conversation so far', async () => {
      const messages = [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }, { role: 'user', content: 'MOCK_REPLY: Nice to meet you' }];
      expect(await run(chat['variant_id'], { inputs: { messages } })).toMatchObject({ status: 200, body: { data: 'Nice to meet you' } });
    });

    it('passes tools through and answers a tool call in OpenAI\'s shape', async () => {
      const parameters = await latestParameters(chat['variant_id']);
      const config = { prompt: { ...parameters['prompt'], llm_config: { ...parameters['prompt'].llm_config, tools: [WEATHER_TOOL] } } };
      const answered = await run(chat['variant_id'], { inputs: { messages: [{ role: 'user', content: 'MOCK_TOOL_ARGS: {"city": "Oslo"}' }] }, config });
      expect(answered).toMatchObject({
        status: 200, body: { data: { tool_calls: [{ id: expect.any(String), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] } },
      });
    });

    it('refuses parameters that cannot run with 422 naming the field, and keeps the revision', async () => {
      const parameters = await latestParameters(chat['variant_id']);
      const prompt = parameters['prompt'];
      const cases: Array<[Json, Array<string | number>]> = [
        [{ ...prompt, llm_config: { ...prompt.llm_config, tools: [{ type: 'function', function: { name: 'x', parameters: { type: 'object', properties: { a: { type: 'text' } } } } }] } },
          ['body', 'parameters', 'prompt', 'llm_config', 'tools', 0, 'function', 'parameters']],
        [{ ...prompt, template_format: 'jinja2', messages: [{ role: 'system', content: '{{ range.constructor("return process")() }}' }] },
          ['body', 'parameters', 'prompt', 'messages', 0, 'content']],
        [{ ...prompt, template_format: 'jinja2', messages: [{ role: 'system', content: '{% if %}' }] }, ['body', 'parameters', 'prompt', 'messages', 0, 'content']],
        [{ ...prompt, llm_config: { ...prompt.llm_config, model: 'local/no-such-model' } }, ['body', 'parameters', 'prompt', 'llm_config', 'model']],
        [{ ...prompt, llm_config: { ...prompt.llm_config, model: 'anthropic/claude-3-5-haiku-latest' } }, ['body', 'parameters', 'prompt', 'llm_config', 'model']],
        [{ ...prompt, llm_config: { ...prompt.llm_config, response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', properties: 'a' } } } } },
          ['body', 'parameters', 'prompt', 'llm_config', 'response_format', 'json_schema', 'schema']],
        [{ ...prompt, llm_config: { ...prompt.llm_config, temperature: 7 } }, ['body', 'parameters', 'prompt', 'llm_config', 'temperature']],
      ];
      for (const [bad, loc] of cases) {
        const refused = await save(chat['variant_id'], { prompt: bad });
        expect({ status: refused.status, loc: refused.body.detail?.[0]?.loc }).toEqual({ status: 422, loc });
      }
      const refusedTemplate = await answer(server.api.POST('/apps/{app_id}/variant/from-template', {
        params: { path: { app_id: chat['app_id'] } }, body: { variant_name: 'other', template_key: 'agent' },
      }));
      expect({ status: refusedTemplate.status, loc: refusedTemplate.body.detail?.[0]?.loc }).toEqual({ status: 422, loc: ['body', 'template_key'] });
      expect((await ok(server.api.GET('/variants/{variant_id}', ofVariant(chat['variant_id'])))).revision).toBe(1);
      const saved = await save(chat['variant_id'], { prompt: { ...prompt, messages: [{ role: 'system', content: 'Answer about {{topic}}.' }], input_keys: [] } });
      expect(saved).toMatchObject({ status: 200, body: { revision: 2 } });
      expect((await latestParameters(chat['variant_id']))['prompt'].input_keys).toEqual(['topic']);
    });

    it('evaluates a chat app over a test-set column holding JSON conversations', async () => {
      const app = await createApp('support', 'chat');
      const conversation = (reply: string) => JSON.stringify([{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi!' }, { role: 'user', content: `MOCK_REPLY: ${reply}` }]);
      const rows = ['Paris', 'Berlin', 'Rome'].map((city) => ({ messages: conversation(city), correct_answer: city }));
      const testset = await ok(server.api.POST('/testsets', { body: { name: `conversations-${engine}`, csvdata: rows, app_id: app.app_id } }));
      const exact = await ok(server.api.POST('/evaluators/configs', { body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} } }));
      const [revision] = await ok(server.api.GET('/variants/{variant_id}/revisions', ofVariant(app.variant!.variant_id)));
      const [evaluation] = await ok(server.api.POST('/evaluations', {
        body: { app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: [exact.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT },
      }));
      expect((await waitForTerminal(server.api, evaluation!.id)).status.value).toBe('EVALUATION_FINISHED');
      const scenarios = await ok(server.api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
      expect(scenarios.map((scenario) => scenario.output).sort()).toEqual(['Berlin', 'Paris', 'Rome']);
      const traceId = (scenarios[0] as Json)['trace_id'] as string;
      const trace = await ok(server.api.GET('/traces/{trace_id}', { params: { path: { trace_id: traceId } } }));
      expect(trace).toMatchObject({ app_id: app.app_id, variant_id: app.variant!.variant_id });
    });

    it('runs a human A/B evaluation between two prompt variants', async () => {
      const app = await createApp('ab', 'chat');
      const base = await latestParameters(app.variant!.variant_id);
      const second = await ok(server.api.POST('/apps/{app_id}/variant/from-template', {
        params: { path: { app_id: app.app_id } },
        body: { variant_name: 'terse', template_key: 'chat', parameters: { prompt: { ...base['prompt'], messages: [{ role: 'system', content: 'Be terse.' }] } } },
      }));
      expect(second).toMatchObject({ variant_name: 'terse', uri: CHAT_URI, revision: 1 });
      const revisionOf = async (id: string) => (await ok(server.api.GET('/variants/{variant_id}/revisions', ofVariant(id))))[0]!.id;
      const revisions = [await revisionOf(app.variant!.variant_id), await revisionOf(second.variant_id)];
      const rows = ['Oslo', 'Lima'].map((city) => ({ messages: JSON.stringify([{ role: 'user', content: `MOCK_REPLY: ${city}` }]), correct_answer: city }));
      const testset = await ok(server.api.POST('/testsets', { body: { name: `ab-${engine}`, csvdata: rows, app_id: app.app_id } }));
      const created = await ok(server.api.POST('/human-evaluations', {
        body: { app_id: app.app_id, testset_id: testset.id, evaluation_type: 'human_a_b_testing', revisions_ids: revisions },
      }));
      const ofEvaluation = { params: { path: { evaluation_id: created.id } } };
      const ready = await waitFor('the A/B evaluation', async () => {
        const evaluation = await ok(server.api.GET('/human-evaluations/{evaluation_id}', ofEvaluation));
        return ['EVALUATION_READY', 'EVALUATION_FAILED'].includes(evaluation.status) ? evaluation : undefined;
      });
      expect(ready.status).toBe('EVALUATION_READY');
      const scenarios = await ok(server.api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation));
      expect(scenarios.map((scenario) => (scenario as Json)['outputs'].map((output: Json) => output['variant_output']))).toEqual([['Oslo', 'Oslo'], ['Lima', 'Lima']]);
    });

    it('deploys a built-in variant like any other', async () => {
      const deployed = await answer(server.api.POST('/environments/deploy', { body: { app_id: completion['app_id'], environment_name: 'production', variant_id: completion['variant_id'] } }));
      expect(deployed).toMatchObject({ status: 200, body: { deployed_variant_name: 'default' } });
    });

    it('streams deltas then done; a stream the provider breaks off ends in one error event with a trace marked error', async () => {
      const runner = server.app.get(BuiltinWorkflowRunner);
      const { project_id: projectId } = await ok(server.api.GET('/projects/current'));
      const parameters = await latestParameters(completion['variant_id']);
      const collect = async (config: Json, signal = new AbortController().signal) => {
        const events: BuiltinStreamEvent[] = [];
        for await (const event of runner.stream(projectId, 'crucible:builtin:completion:v1', { inputs: { input: 'MOCK_REPLY: one two three four' }, config }, signal)) events.push(event);
        return events;
      };
      const events = await collect(parameters);
      expect(events.filter((event) => event.type === 'delta').map((event) => (event as { text: string }).text).join('')).toBe('one two three four');
      expect(events.at(-1)).toMatchObject({ type: 'done', output: 'one two three four' });
      const done = events.at(-1) as Extract<BuiltinStreamEvent, { type: 'done' }>;
      expect(done.trace.spans[1]!.attributes).toMatchObject({ time_to_first_token_ms: expect.any(Number) });

      const dropping = await connect('dropping', { 'x-mock-fail': 'drop' });
      const broken = await collect({ prompt: { ...parameters['prompt'], llm_config: { ...parameters['prompt'].llm_config, model: 'openai/gpt-4o-mini', connection_id: dropping.id } } });
      const last = broken.at(-1)!;
      expect(last).toMatchObject({ type: 'error', detail: expect.stringMatching(/broke off/) });
      expect(broken.filter((event) => event.type === 'error')).toHaveLength(1);
      expect((last as Extract<BuiltinStreamEvent, { type: 'error' }>).trace?.spans.every((span) => span.status === 'error')).toBe(true);
    });

    it('cancels the provider request when the caller aborts', async () => {
      const runner = server.app.get(BuiltinWorkflowRunner);
      const { project_id: projectId } = await ok(server.api.GET('/projects/current'));
      const slow = await connect('slow', { 'x-mock-latency-ms': '600000' });
      const parameters = await latestParameters(completion['variant_id']);
      const config = { prompt: { ...parameters['prompt'], llm_config: { ...parameters['prompt'].llm_config, model: 'openai/gpt-4o-mini', connection_id: slow.id } } };
      const abort = new AbortController();
      const before = mock.stats().requests;
      const events: BuiltinStreamEvent[] = [];
      const streaming = (async () => {
        for await (const event of runner.stream(projectId, 'crucible:builtin:completion:v1', { inputs: { input: 'hi' }, config }, abort.signal)) events.push(event);
      })();
      await waitFor('the provider request', async () => (mock.stats().requests > before ? true : undefined));
      abort.abort();
      await streaming;
      // The mock would answer after ten minutes: the stream ended because its request was cancelled.
      expect(events).toEqual([expect.objectContaining({ type: 'error', retryable: false, detail: expect.stringMatching(/cancelled/) })]);
    });
  });
});
