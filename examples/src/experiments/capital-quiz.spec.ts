import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { bootstrapDefaultProject, createApiApp } from '@crucible/api';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { createLogger } from '@crucible/platform';
import { evaluate, init } from '@crucible/sdk';
import { answerCapitalQuestion, brevity, mentionsTheCountry } from './capital-quiz';

const API_KEY = 'crc_example-experiments-key-0123456789';

/**
 * An experiment as a jest test: run the task over the test set in this process, upload the rows to Crucible and
 * fail the build when the change made things significantly worse than the last run (ARCHITECTURE §11).
 */
describe('capital quiz experiment', () => {
  // What CI already has: a Crucible api (CRUCIBLE_HOST, CRUCIBLE_API_KEY) with the app and its test set. Started
  // here, embedded on an in-memory database, and an OpenAI-compatible mock in place of the model.
  let crucible: INestApplication;
  let mock: MockLlmServer;

  beforeAll(async () => {
    mock = await startMockLlmServer();
    const logger = createLogger('example-experiments');
    crucible = await createApiApp({ database: { kind: 'pglite', dataDir: null }, logger, queue: { kind: 'in-process', concurrency: 1 } });
    await bootstrapDefaultProject(crucible, logger, API_KEY);
    await crucible.listen(0, '127.0.0.1');
    const host = `http://127.0.0.1:${(crucible.getHttpServer().address() as AddressInfo).port}`;
    init({ host, apiKey: API_KEY, openaiBaseUrl: mock.url, openaiApiKey: 'test', exportTraces: false });

    const post = (path: string, body: unknown) => fetch(`${host}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `ApiKey ${API_KEY}` }, body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<Record<string, string>>);
    const app = await post('/apps', { app_name: 'capital-quiz' });
    await post(`/apps/${app['app_id']}/variant/from-service`, { variant_name: 'default', url: 'http://127.0.0.1:9', parameters: {} });
    await post('/testsets', {
      name: 'capitals', app_id: app['app_id'],
      csvdata: ['France', 'Italy', 'Peru', 'Japan', 'Kenya'].map((country) => ({ country, correct_answer: country })),
    });
  }, 60_000);

  afterAll(async () => {
    await crucible?.close();
    await mock?.close();
  });

  const runQuiz = () => evaluate({
    app: 'capital-quiz', testset: 'capitals', task: answerCapitalQuestion, evaluators: [mentionsTheCountry, brevity], concurrency: 2,
  });

  it('is not worse than the last run', async () => {
    // The first run has nothing to compare with; it becomes the baseline of the next.
    const first = await runQuiz();
    expect(first.verdict).toBeNull();
    expect(first.metrics.find((metric) => metric.name === 'mentionsTheCountry')?.mean).toBe(1);

    const result = await runQuiz();
    expect(result.baselineEvaluationId).toBe(first.evaluationId);
    expect(result.verdict).not.toBe('worse');
  });
});
