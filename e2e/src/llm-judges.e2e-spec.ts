import pino from 'pino';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { QUICK_RATE_LIMIT, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { capitalRows, EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, startCompletionExample } from './support/example-service';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-judge-mock-accepted-key-5d1e';
const WRONG = 'sk-judge-wrong-key-PLAINTEXT-77c2';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 9).toString('base64');
const ROWS = 3;

describe.each<Engine>(['pglite', 'postgres'])('LLM judges through the gateway on %s', (engine) => {
  let server: RunningApi;
  let judge: MockLlmServer;
  /** The anthropic connection's own server: what it billed is the anthropic judge's tokens alone. */
  let claudeServer: MockLlmServer;
  let example: ExampleStack;
  const lines: string[] = [];
  let restoreEnvironment = (): void => undefined;
  let scenarios: Array<{ results: Array<{ evaluator_config: string; result: { type: string; value?: unknown; error?: { message: string } | null }; cost?: number }> }>;
  const configIds: Record<string, string> = {};

  beforeAll(async () => {
    judge = await startMockLlmServer({ apiKey: MOCK_KEY });
    claudeServer = await startMockLlmServer({ apiKey: MOCK_KEY });
    example = await startCompletionExample();
    // Configs without a connection go to the OPENAI_* environment connection: here, the judge mock.
    restoreEnvironment = overrideEnvironment({
      OPENAI_BASE_URL: judge.url, OPENAI_API_KEY: MOCK_KEY, ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}),
    });
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    server = await startApi(engine, { outbound: OUTBOUND, logger });
    const { api } = server;
    const setup = await registerServiceWithTwoRevisions(api, {
      appName: 'judged', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE,
    });
    const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows(ROWS), app_id: setup.app.app_id } }));
    const claude = await ok(api.POST('/provider-connections', { body: { name: 'claude', kind: 'anthropic', base_url: claudeServer.url, api_key: MOCK_KEY } }));
    const wrong = await ok(api.POST('/provider-connections', { body: { name: 'claude-wrong', kind: 'anthropic', base_url: judge.url, api_key: WRONG } }));
    // The mock fails on demand: a connection whose calls ask it for a 500, another for an answer cut off halfway.
    const failing = await ok(api.POST('/provider-connections', {
      body: { name: 'claude-500', kind: 'anthropic', base_url: judge.url, api_key: MOCK_KEY, headers: { 'x-mock-fail': '500' } },
    }));
    const dropping = await ok(api.POST('/provider-connections', {
      body: { name: 'local-drop', kind: 'openai_compatible', base_url: judge.url, api_key: MOCK_KEY, headers: { 'x-mock-fail': 'drop' } },
    }));
    const configs = {
      anthropic: { evaluator_key: 'auto_ai_critique', settings_values: {
        connection_id: claude.id, model: 'anthropic/claude-3-5-haiku-latest', prompt_template: 'Grade {prediction} against {ground_truth}\nMOCK_REPLY: 9',
      } },
      legacy: { evaluator_key: 'auto_ai_critique', settings_values: { prompt_template: 'Grade {prediction}\nMOCK_REPLY: 7' } },
      similarity: { evaluator_key: 'auto_semantic_similarity', settings_values: {} },
      failing: { evaluator_key: 'auto_ai_critique', settings_values: {
        connection_id: failing.id, model: 'anthropic/claude-3-5-haiku-latest', prompt_template: 'MOCK_REPLY: 5',
      } },
      dropping: { evaluator_key: 'auto_ai_critique', settings_values: { connection_id: dropping.id, model: 'local-drop/gpt-4o-mini', prompt_template: 'MOCK_REPLY: 5' } },
      refused: { evaluator_key: 'auto_ai_critique', settings_values: {
        connection_id: wrong.id, model: 'anthropic/claude-3-5-haiku-latest', prompt_template: 'MOCK_REPLY: 5',
      } },
    };
    for (const [name, config] of Object.entries(configs)) {
      configIds[name] = (await ok(api.POST('/evaluators/configs', { body: { app_id: setup.app.app_id, name, ...config } }))).id;
    }
    const [evaluation] = await ok(api.POST('/evaluations', { body: {
      app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]], evaluators_configs: Object.values(configIds),
      testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT, correct_answer_column: 'correct_answer',
    } }));
    await waitForTerminal(api, evaluation.id);
    scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation.id } } })) as typeof scenarios;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await example?.close();
    await judge?.close();
    await claudeServer?.close();
    restoreEnvironment();
  });

  const resultsOf = (name: string) => scenarios.map((scenario) => scenario.results.find((r) => r.evaluator_config === configIds[name])!);

  it('judges every row through an anthropic connection (Messages API on the mock)', () => {
    expect(scenarios).toHaveLength(ROWS);
    expect(resultsOf('anthropic').map((r) => r.result)).toEqual(Array(ROWS).fill({ type: 'number', value: 9 }));
    expect(claudeServer.stats().messages).toBe(ROWS);
  });

  it("stores the judge's computed cost with its result: the catalog's price times the tokens the provider billed", async () => {
    const [model] = await ok(server.api.GET('/models', { params: { query: { provider: 'anthropic', q: 'claude-3-5-haiku-latest' } } }));
    expect(model).toMatchObject({ id: 'anthropic/claude-3-5-haiku-latest', source: 'catalog', available: true });
    const { input, cachedInput, output } = claudeServer.stats().billed;
    expect(cachedInput).toBeGreaterThan(0);
    const perMillion = (input - cachedInput) * model.input_price_per_mtok! + cachedInput * (model.cached_input_price_per_mtok ?? model.input_price_per_mtok!)
      + output * model.output_price_per_mtok!;
    const costs = resultsOf('anthropic').map((r) => r.cost);
    expect(costs.every((cost) => typeof cost === 'number' && cost > 0)).toBe(true);
    // To the cent of a micro-dollar: 1e-8 USD.
    expect(Math.abs(costs.reduce((sum: number, cost) => sum + cost!, 0) - perMillion / 1e6)).toBeLessThan(1e-8);
    expect(resultsOf('anthropic').every((r) => (r as { cost_source?: string }).cost_source === 'computed')).toBe(true);
  });

  it('keeps a config without a connection working through the OPENAI_* environment connection', () => {
    expect(resultsOf('legacy').map((r) => r.result)).toEqual(Array(ROWS).fill({ type: 'number', value: 7 }));
    // The app answers the ground truth verbatim: its embedding and the expected answer's are the same.
    for (const { result } of resultsOf('similarity')) expect(result).toMatchObject({ type: 'number', value: expect.closeTo(1, 6) });
    expect(judge.stats().chatCompletions).toBeGreaterThanOrEqual(ROWS);
    expect(judge.stats().embeddings).toBeGreaterThanOrEqual(ROWS);
  });

  it("a refused key is the row's error Result with the provider's status and message, never the key", () => {
    for (const { result } of resultsOf('refused')) {
      expect(result).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/401.*Incorrect API key provided/) } });
      expect(JSON.stringify(result)).not.toContain(WRONG);
    }
  });

  it("a provider's 500 and an answer cut off halfway are the row's error Result with the reason; the run finishes", () => {
    for (const { result } of resultsOf('failing')) {
      expect(result).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/answered 500: The server had an error/) } });
    }
    for (const { result } of resultsOf('dropping')) {
      expect(result).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/judge LLM call failed: local-drop\/gpt-4o-mini via local-drop: the provider's answer broke off before its end/) } });
    }
    expect(resultsOf('anthropic').map((r) => r.result.type)).toEqual(Array(ROWS).fill('number'));
  });

  it("the api's log never holds a key", () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(MOCK_KEY) || line.includes(WRONG))).toEqual([]);
  });
});
