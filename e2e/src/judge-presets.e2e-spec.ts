import { parse } from 'csv-parse/sync';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { createRagPipeline } from '@crucible/examples';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { QUICK_RATE_LIMIT, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';
import { EXACT_TEMPLATE, type ExampleStack, HEDGING_TEMPLATE, startCompletionExample } from './support/example-service';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-judge-presets-mock-key-1b2c';
/** The app answers its row's `input` (revision 1 says it verbatim): an input holding a MOCK_REPLY line scripts the judge. */
const OFF_SCHEMA = 'MOCK_REPLY: {"score": 3, "reasoning": "very sure"}';
const ROWS = [
  { input: 'Paris', correct_answer: 'Paris', contexts: JSON.stringify(['Paris is the capital of France.']) },
  { input: 'maybe Lyon', correct_answer: 'Lyon', contexts: JSON.stringify(['Lyon is a city of France.', 'It lies on the Rhone.']) },
  { input: 'Rome', correct_answer: 'Paris', contexts: JSON.stringify(['Paris is the capital of France.']) },
  { input: OFF_SCHEMA, correct_answer: 'Paris', contexts: 'Paris' },
];

type SpanTree = { name: string; outputs?: unknown; children: SpanTree[] };
const findSpan = (spans: SpanTree[], name: string): SpanTree | undefined =>
  spans.find((span) => span.name === name) ?? spans.map((span) => findSpan(span.children, name)).find(Boolean);

type ScenarioResult = { evaluator_config: string; result: { type: string; value?: unknown; reasoning?: string; error?: { message: string } | null } };

/*
 * The judge is tools/mock-llm behind the OPENAI_* connection: asked for JSON fitting a `{score, reasoning}` schema, it
 * scores the share of the graded section's words found in the reference section, so every row's score is known.
 */
describe.each<Engine>(['pglite', 'postgres'])('judge presets and RAG evaluators with structured output on %s', (engine) => {
  let server: RunningApi;
  let judge: MockLlmServer;
  let example: ExampleStack;
  let restoreEnvironment = (): void => undefined;
  let scenarios: Array<{ row_index: number; output: unknown; results: ScenarioResult[] }>;
  let setup: Awaited<ReturnType<typeof registerServiceWithTwoRevisions>>;
  let testsetId: string;
  let evaluationId: string;
  const configIds: Record<string, string> = {};

  beforeAll(async () => {
    judge = await startMockLlmServer({ apiKey: MOCK_KEY });
    example = await startCompletionExample();
    restoreEnvironment = overrideEnvironment({ OPENAI_BASE_URL: judge.url, OPENAI_API_KEY: MOCK_KEY });
    server = await startApi(engine, { outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 } });
    const { api } = server;
    setup = await registerServiceWithTwoRevisions(api, { appName: 'judged', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE });
    testsetId = (await ok(api.POST('/testsets', { body: { name: 'cities', csvdata: ROWS, app_id: setup.app.app_id } }))).id;
    const configs = {
      correctness: { evaluator_key: 'auto_ai_critique', settings_values: { preset: 'correctness' } },
      faithfulness: { evaluator_key: 'rag_faithfulness', settings_values: { contexts_column: 'contexts' } },
    };
    for (const [name, config] of Object.entries(configs)) {
      configIds[name] = (await ok(api.POST('/evaluators/configs', { body: { app_id: setup.app.app_id, name, ...config } }))).id;
    }
    const [evaluation] = await ok(api.POST('/evaluations', { body: {
      app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]], evaluators_configs: Object.values(configIds),
      testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT,
    } }));
    evaluationId = evaluation!.id;
    const finished = await waitForTerminal(api, evaluation!.id);
    expect(finished.status.value).toBe('EVALUATION_FINISHED_WITH_ERRORS');
    const listed = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
    scenarios = (listed as typeof scenarios).sort((a, b) => a.row_index - b.row_index);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await example?.close();
    await judge?.close();
    restoreEnvironment();
  });

  const resultsOf = (name: string) => scenarios.map((scenario) => scenario.results.find((r) => r.evaluator_config === configIds[name])!.result);

  it('correctness: the judge answers {score, reasoning} through JSON-schema output; both are on the scenario results', () => {
    expect(scenarios.map((s) => s.output)).toEqual(['Paris', 'maybe Lyon', 'Rome', OFF_SCHEMA]);
    expect(resultsOf('correctness').slice(0, 3)).toEqual([
      { type: 'number', value: 1, reasoning: '1 of 1 words of the output appear in the reference.' },
      { type: 'number', value: 0.5, reasoning: '1 of 2 words of the output appear in the reference.' },
      { type: 'number', value: 0, reasoning: '0 of 1 words of the output appear in the reference.' },
    ]);
    expect(judge.stats().chatCompletions).toBeGreaterThanOrEqual(ROWS.length * 2);
  });

  it("exports each judge's reasoning beside its score (CSV)", async () => {
    const csv = await server.api.GET('/evaluations/{evaluation_id}/export', {
      params: { path: { evaluation_id: evaluationId }, query: { format: 'csv' } }, parseAs: 'text',
    });
    const records: Array<Record<string, string>> = parse(csv.data!, { columns: true });
    expect(Object.keys(records[0]!)).toEqual([
      'row_index', 'repetition', 'input', 'contexts', 'correct_answer', 'output', 'correctness', 'correctness reasoning', 'faithfulness',
      'faithfulness reasoning', 'latency', 'cost', 'error',
    ]);
    expect(records.map((r) => [r.correctness, r['correctness reasoning'], r.faithfulness, r['faithfulness reasoning']])).toEqual([
      ['1', '1 of 1 words of the output appear in the reference.', '1', '1 of 1 words of the output appear in the reference.'],
      ['0.5', '1 of 2 words of the output appear in the reference.', '0.5', '1 of 2 words of the output appear in the reference.'],
      ['0', '0 of 1 words of the output appear in the reference.', '0', '0 of 1 words of the output appear in the reference.'],
      [expect.stringMatching(/^error: The judge answered outside the schema/), '', expect.stringMatching(/^error: /), ''],
    ]);
  });

  it("an answer outside the schema is that row's error Result saying so, never a guessed number", () => {
    for (const name of ['correctness', 'faithfulness']) {
      expect(resultsOf(name)[3]).toMatchObject({
        type: 'error', value: null, error: { message: 'The judge answered outside the schema (score 3 is outside 0 to 1): {"score":3,"reasoning":"very sure"}' },
      });
      expect(resultsOf(name)[3]).not.toHaveProperty('reasoning');
    }
  });

  it('faithfulness: the share of the output supported by the contexts column, on fixed cases', () => {
    expect(resultsOf('faithfulness').slice(0, 3)).toEqual([
      { type: 'number', value: 1, reasoning: '1 of 1 words of the output appear in the reference.' },
      // 'lyon' is in the contexts, 'maybe' is not.
      { type: 'number', value: 0.5, reasoning: '1 of 2 words of the output appear in the reference.' },
      { type: 'number', value: 0, reasoning: '0 of 1 words of the output appear in the reference.' },
    ]);
  });

  it("context relevance reads the contexts from the trace's retrieve span by a span path (the RAG pipeline example)", async () => {
    const { api } = server;
    const rag = await createRagPipeline().listen({ port: 0, host: '127.0.0.1' });
    try {
      const app = await ok(api.POST('/apps', { body: { app_name: 'rag' } }));
      const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
        params: { path: { app_id: app.app_id } }, body: { variant_name: 'summarize', url: rag.url, route_path: '/summarize', parameters: { top_k: 2 } },
      }));
      const [revision] = await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } }));
      const questions = [{ query: 'What does the SDK do?' }, { query: 'Where are red foxes found?' }];
      const testset = await ok(api.POST('/testsets', { body: { name: 'rag-questions', csvdata: questions, app_id: app.app_id } }));
      const config = await ok(api.POST('/evaluators/configs', { body: {
        app_id: app.app_id, name: 'context relevance', evaluator_key: 'rag_context_relevance',
        settings_values: { contexts_path: 'retrieve.outputs.*.text', question_column: 'query' },
      } }));
      const [evaluation] = await ok(api.POST('/evaluations', { body: {
        app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: [config.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT,
      } }));
      expect((await waitForTerminal(api, evaluation!.id)).status.value).toBe('EVALUATION_FINISHED');
      const rows = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        // What the retriever returned, as stored in the row's trace; the mock judge's rule on it gives the expected score.
        const trace = await ok(api.GET('/traces/{trace_id}', { params: { path: { trace_id: row.trace_id! } } })) as { spans: SpanTree[] };
        const retrieved = (findSpan(trace.spans, 'retrieve')!.outputs as Array<{ text: string }>).map((d) => d.text);
        expect(retrieved).toHaveLength(2);
        const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
        const graded = [...new Set(words(retrieved.map((text, i) => `[${i + 1}] ${text}`).join('\n')))];
        const query = new Set(words(String(row.inputs.find((input) => input.name === 'query')!.value)));
        const found = graded.filter((word) => query.has(word)).length;
        expect(row.results[0]!.result).toEqual({
          type: 'number', value: Math.round((found / graded.length) * 100) / 100,
          reasoning: `${found} of ${graded.length} words of the contexts appear in the reference.`,
        });
      }
    } finally {
      await rag.close();
    }
  });

  it('refuses at creation (422, naming it) a preset column the test set lacks and a judge model no connection serves', async () => {
    const { api } = server;
    const configFor = async (name: string, settings_values: Record<string, unknown>, evaluator_key = 'auto_ai_critique') =>
      (await ok(api.POST('/evaluators/configs', { body: { app_id: setup.app.app_id, name, evaluator_key, settings_values } }))).id;
    const create = (evaluators_configs: string[], extra: Record<string, unknown> = {}) => answer(api.POST('/evaluations', { body: {
      app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs, testset_id: testsetId, rate_limit: QUICK_RATE_LIMIT, ...extra,
    } }));
    const noColumn = await create([configIds['correctness']!], { correct_answer_column: 'expected' });
    expect(noColumn.status).toBe(422);
    expect(JSON.stringify(noColumn.body.detail)).toContain(
      "evaluator config 'correctness' reads the column 'expected' (the correctness preset (the expected answer)), which test set 'cities' does not have",
    );
    const claude = await configFor('claude-judge', { preset: 'helpfulness', model: 'anthropic/claude-3-5-haiku-latest' });
    const noConnection = await create([claude]);
    expect(noConnection.status).toBe(422);
    expect(JSON.stringify(noConnection.body.detail)).toContain(
      "evaluator config 'claude-judge': the judge model 'anthropic/claude-3-5-haiku-latest' needs a connection of provider 'anthropic', and this project has none",
    );
    const ragColumn = await configFor('rag-docs', { contexts_column: 'documents' }, 'rag_context_relevance');
    expect(JSON.stringify((await create([ragColumn])).body.detail)).toContain("reads the column 'documents' (contexts_column)");
  });

  it('refuses a RAG config without a contexts source and a custom preset without a rubric when they are saved', async () => {
    const save = (evaluator_key: string, settings_values: Record<string, unknown>) =>
      answer(server.api.POST('/evaluators/configs', { body: { app_id: setup.app.app_id, name: `bad-${evaluator_key}`, evaluator_key, settings_values } }));
    const rag = await save('rag_faithfulness', {});
    expect(rag.status).toBe(422);
    expect(JSON.stringify(rag.body)).toContain('give contexts_column or contexts_path');
    const custom = await save('auto_ai_critique', { preset: 'custom' });
    expect(custom.status).toBe(422);
    expect(JSON.stringify(custom.body)).toContain('the custom preset grades by your rubric');
    expect((await save('rag_faithfulness', { contexts_path: 'retriever.documents' })).status).toBe(422);
  });
});
