import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';
import { overrideEnvironment } from './support/process-environment';

const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 11).toString('base64');
const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

/**
 * Fixed cases with known answers: the mock's model calls get_weather with the arguments a row's MOCK_TOOL_ARGS line
 * names, and each row says which call it expects.
 */
const ROWS = [
  { input: 'MOCK_TOOL_ARGS: {"city": "Oslo"}', correct_answer: '{"name": "get_weather", "arguments": {"city": "Oslo"}}' },
  { input: 'MOCK_TOOL_ARGS: {"city": "Lima"}', correct_answer: '{"name": "get_weather", "arguments": {"city": "Oslo"}}' },
  { input: 'MOCK_TOOL_ARGS: {"town": "Rome"}', correct_answer: '{"name": "get_weather", "arguments": {"town": "Rome"}}' },
  { input: 'MOCK_TOOL_ARGS: {"city": "Kyiv", "unit": "celsius"}', correct_answer: '{"name": "get_weather", "arguments": {"city": "Kyiv"}}' },
];
const EXPECTED = {
  exact: [true, false, true, false],
  subset: [true, false, true, true],
  // The arguments schema of the tool itself: city is required.
  schema: [true, true, false, true],
};

/** tool_call_match run by Crucible on a built-in prompt app's real tool-call output, on both engines. */
describe.each<Engine>(['pglite', 'postgres'])('tool-call evaluators on a prompt app on %s', (engine) => {
  let server: RunningApi;
  let mock: MockLlmServer;
  let restoreEnvironment = (): void => undefined;

  beforeAll(async () => {
    mock = await startMockLlmServer();
    restoreEnvironment = overrideEnvironment({ ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}) });
    server = await startApi(engine, { outbound: OUTBOUND });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await mock?.close();
    restoreEnvironment();
  });

  it('judges each row\'s tool call exactly, as a subset, and against the JSON Schema', async () => {
    const connection = await server.client.post('/provider-connections', { name: 'mock', kind: 'openai_compatible', base_url: mock.url, api_key: 'k' });
    const app = await server.client.post('/apps', { app_name: 'weather-tools' });
    const appId = app.body.app_id;
    const variant = await server.client.post(`/apps/${appId}/variant/from-service`, {
      variant_name: 'tools', url: 'crucible:builtin:completion:v1',
      parameters: {
        prompt: {
          messages: [{ role: 'user', content: '{{input}}' }], template_format: 'curly',
          llm_config: { model: 'mock/gpt-4o-mini', connection_id: connection.body.id, tools: [WEATHER_TOOL], tool_choice: 'auto' },
        },
      },
    });
    expect(variant.status).toBe(200);
    const testset = await server.client.post('/testsets', { name: 'weather calls', csvdata: ROWS, app_id: appId });
    const config = async (name: string, settings: Record<string, unknown>) => {
      const created = await server.client.post('/evaluators/configs', { app_id: appId, name, evaluator_key: 'tool_call_match', settings_values: settings });
      expect(created.status).toBe(200);
      return created.body.id as string;
    };
    const configs = {
      exact: await config('exact', {}),
      subset: await config('subset', { arguments_match: 'subset' }),
      schema: await config('schema', { arguments_match: 'schema', expected_tool_name: 'get_weather', arguments_schema: JSON.stringify(WEATHER_TOOL.function.parameters) }),
    };
    const refused = await server.client.post('/evaluators/configs', {
      app_id: appId, name: 'no schema', evaluator_key: 'tool_call_match', settings_values: { arguments_match: 'schema' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'settings_values', 'arguments_schema'] })]);

    const created = await server.client.post('/evaluations', {
      app_id: appId, variant_ids: [variant.body.variant_id], evaluators_configs: Object.values(configs), testset_id: testset.body.id, rate_limit: QUICK_RATE_LIMIT,
    });
    expect(created.status).toBe(200);
    const evaluationId = created.body[0].id as string;
    await waitForTerminal(server.api, evaluationId);
    const scenarios = (await server.client.get(`/evaluations/${evaluationId}/evaluation_scenarios`)).body as Array<{
      row_index: number; output: unknown; results: Array<{ evaluator_config: string; result: { type: string; value: unknown } }>;
    }>;
    expect(scenarios[0]!.output).toEqual({ tool_calls: [expect.objectContaining({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } })] });
    const verdicts = (configId: string) => scenarios.map((s) => s.results.find((r) => r.evaluator_config === configId)!.result.value);
    expect({ exact: verdicts(configs.exact), subset: verdicts(configs.subset), schema: verdicts(configs.schema) }).toEqual(EXPECTED);
  });
});
