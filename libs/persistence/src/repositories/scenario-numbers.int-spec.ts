import { randomUUID } from 'node:crypto';
import { type Evaluation, type EvaluationScenario, type Result, type ScenarioNumbers, errorResult, scenarioNumbersOf } from '@crucible/domain';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmEvaluationRepository } from './evaluation.repository';

describe.each<TestEngine>(['postgres', 'pglite'])('scenario numbers for comparisons on %s', (engine) => {
  let database: TestDatabase;
  let repository: TypeOrmEvaluationRepository;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repository = new TypeOrmEvaluationRepository(database.dataSource);
  });
  afterAll(() => database?.close());

  async function storedEvaluation(): Promise<Evaluation> {
    const now = new Date();
    const appId = randomUUID();
    await database.dataSource.query('INSERT INTO apps (id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [appId, database.actor.projectId, `numbers-${appId}`]);
    const evaluation: Evaluation = {
      id: randomUUID(), projectId: database.actor.projectId, appId, variantId: randomUUID(), variantName: 'v',
      variantRevisionId: randomUUID(), revision: 1, parameters: {}, invocationUrl: 'http://127.0.0.1:9/playground/run',
      testsetId: randomUUID(), testsetName: 't', testsetVersion: 1, correctAnswerColumn: null, evaluatorConfigs: [],
      rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 }, repetitions: 1,
      source: 'api', status: 'EVALUATION_INITIALIZED', statusError: null, progressDone: 0, progressTotal: 11, progressFailedRows: 0, progressEvaluatorErrors: 0,
      aggregatedResults: [], averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
    };
    await repository.createMany([evaluation]);
    return evaluation;
  }

  const readAll = async (projectId: string, evaluationId: string, configIds: string[], chunkSize: number) => {
    const chunks: ScenarioNumbers[][] = [];
    for await (const chunk of repository.streamScenarioNumbers(projectId, evaluationId, configIds, chunkSize)) chunks.push(chunk);
    return chunks;
  };

  it('reads in SQL, chunk by chunk in row order, exactly the numbers the domain takes from whole scenarios', async () => {
    const evaluation = await storedEvaluation();
    const [bool, score, text, absent] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const awkward = [0.1 + 0.2, 1 / 3, 1e-7, 123456789.12345679, 5e-324, -2.5, 1.7976931348623157e308, 0, 42, 2 / 3, 1e21];
    const scenarios: EvaluationScenario[] = awkward.map((number, rowIndex) => ({
      id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex: rowIndex * 3, repetition: 1, inputs: { big: 'x'.repeat(1000) },
      output: `o${rowIndex}`, correctAnswer: null, traceId: null, createdAt: new Date(),
      latency: rowIndex % 4 === 0 ? null : number, cost: rowIndex % 5 === 0 ? null : number / 7,
      error: rowIndex === 4 ? { message: 'app failed' } : null,
      results: [
        // A bool result answers its boolean; one holding a number counts as that number.
        { evaluatorConfigId: bool, result: rowIndex === 6 ? { type: 'bool', value: number } as Result : { type: 'bool', value: rowIndex % 2 === 0 } },
        // The first result of an evaluator is the one read.
        { evaluatorConfigId: score, result: rowIndex % 3 === 1 ? errorResult(`bad ${rowIndex}`) : { type: 'number', value: number } },
        { evaluatorConfigId: score, result: { type: 'number', value: -1 } },
        { evaluatorConfigId: text, result: rowIndex === 2 ? { type: 'text', value: true } as Result : { type: 'text', value: 'not a number' } },
      ],
    }));
    await repository.saveScenarios(scenarios.slice(6));
    await repository.saveScenarios(scenarios.slice(0, 6));
    const configIds = [score, absent, bool, text];

    const chunks = await readAll(evaluation.projectId, evaluation.id, configIds, 4);

    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 3]);
    expect(chunks.flat()).toEqual(scenarios.map((scenario) => scenarioNumbersOf(scenario, configIds)));
    expect(chunks.flat()[1]!.values).toEqual([null, null, false, null]);
    expect(await readAll(database.otherActor.projectId, evaluation.id, configIds, 4)).toEqual([]);
  });

  it('reads the repetitions of a row in order, a chunk ending inside a row going on from the next repetition', async () => {
    const evaluation = await storedEvaluation();
    const config = randomUUID();
    const scenarios: EvaluationScenario[] = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex: Math.floor(i / 3) * 2, repetition: (i % 3) + 1,
      inputs: {}, output: 'o', correctAnswer: null, traceId: null, createdAt: new Date(), latency: i, cost: null, error: null,
      results: [{ evaluatorConfigId: config, result: { type: 'number', value: i / 10 } }],
    }));
    await repository.saveScenarios([...scenarios].reverse());
    const chunks = await readAll(evaluation.projectId, evaluation.id, [config], 4);
    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 2]);
    expect(chunks.flat()).toEqual(scenarios.map((scenario) => scenarioNumbersOf(scenario, [config])));
  });
});
