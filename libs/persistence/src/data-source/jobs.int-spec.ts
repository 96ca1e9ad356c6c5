import { randomUUID } from 'node:crypto';
import { SettleFailedJobUseCase } from '@crucible/application';
import { DomainError, type Evaluation, type HumanEvaluation } from '@crucible/domain';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmEvaluationRepository } from '../repositories/evaluation.repository';
import { TypeOrmHumanEvaluationRepository } from '../repositories/human-evaluation.repository';
import { AdvisoryExclusiveLock, DatabaseOutageClassifier } from './exclusive-locks';

describe.each<TestEngine>(['postgres', 'pglite'])('a job that threw, on %s', (engine) => {
  let database: TestDatabase;
  let evaluations: TypeOrmEvaluationRepository;
  let humanEvaluations: TypeOrmHumanEvaluationRepository;
  let settle: SettleFailedJobUseCase;
  const appId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    evaluations = new TypeOrmEvaluationRepository(database.dataSource);
    humanEvaluations = new TypeOrmHumanEvaluationRepository(database.dataSource);
    settle = new SettleFailedJobUseCase(evaluations, humanEvaluations, new DatabaseOutageClassifier());
    await database.dataSource.query('INSERT INTO apps (id, project_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [appId, database.actor.projectId, 'jobs']);
  });
  afterAll(() => database?.close());

  const started = async (): Promise<Evaluation> => {
    const now = new Date();
    const evaluation: Evaluation = {
      id: randomUUID(), projectId: database.actor.projectId, appId, variantId: randomUUID(), variantName: 'v',
      variantRevisionId: randomUUID(), revision: 1, parameters: {}, invocationUrl: 'http://127.0.0.1:9/playground/run',
      testsetId: randomUUID(), testsetName: 't', testsetVersion: 1, correctAnswerColumn: null, evaluatorConfigs: [],
      rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 }, repetitions: 1,
      source: 'api', status: 'EVALUATION_STARTED', statusError: null, progressDone: 0, progressTotal: 1, progressFailedRows: 0, progressEvaluatorErrors: 0, aggregatedResults: [],
      averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
    };
    await evaluations.createMany([evaluation]);
    return evaluation;
  };
  const job = (evaluation: Evaluation) => ({ kind: 'evaluation', evaluation_id: evaluation.id, project_id: evaluation.projectId });
  const statusOf = async (evaluation: Evaluation) => (await evaluations.findById(evaluation.projectId, evaluation.id))!;
  const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('is tried again while tries are left, then fails its run with the reason', async () => {
    const evaluation = await started();
    expect(await settle.execute(job(evaluation), new Error('boom'), { attempt: 1, maxAttempts: 5 })).toBe('retry');
    expect((await statusOf(evaluation)).status).toBe('EVALUATION_STARTED');
    expect(await settle.execute(job(evaluation), new Error('boom'), { attempt: 5, maxAttempts: 5 })).toBe('run_failed');
    expect(await statusOf(evaluation)).toMatchObject({
      status: 'EVALUATION_FAILED', statusError: { message: 'the job failed 5 time(s); last error: boom' },
    });
  });

  it('fails its run at once on a broken rule, and never on a database outage', async () => {
    const broken = await started();
    const rule = new DomainError('rule_violation', 'the pinned revision is gone');
    expect(await settle.execute(job(broken), rule, { attempt: 1, maxAttempts: 5 })).toBe('run_failed');
    expect(await statusOf(broken)).toMatchObject({ status: 'EVALUATION_FAILED', statusError: { message: 'the pinned revision is gone' } });

    const interrupted = await started();
    expect(await settle.execute(job(interrupted), outage, { attempt: 2, maxAttempts: 5 })).toBe('retry');
    expect(await settle.execute(job(interrupted), outage, { attempt: 5, maxAttempts: 5 })).toBe('left_for_sweeper');
    expect((await statusOf(interrupted)).status).toBe('EVALUATION_STARTED');
    expect(await settle.execute({ kind: 'nothing' }, new Error('boom'), { attempt: 5, maxAttempts: 5 })).toBe('dropped');
  });

  it('fails a human evaluation into its failed state', async () => {
    const now = new Date();
    const human: HumanEvaluation = {
      id: randomUUID(), projectId: database.actor.projectId, appId, evaluationType: 'single_model_test', variants: [],
      testsetId: randomUUID(), testsetName: 't', testsetVersion: 1, inputColumns: [], metrics: [], correctAnswerColumn: null, status: 'EVALUATION_STARTED',
      statusError: null, progressDone: 0, progressTotal: 1, createdAt: now, updatedAt: now,
    };
    await humanEvaluations.create(human);
    const payload = { kind: 'human_evaluation', human_evaluation_id: human.id, project_id: human.projectId };
    expect(await settle.execute(payload, new Error('boom'), { attempt: 1, maxAttempts: 1 })).toBe('run_failed');
    expect(await humanEvaluations.findById(human.projectId, human.id)).toMatchObject({
      status: 'EVALUATION_FAILED', statusError: { message: 'the job failed 1 time(s); last error: boom' },
    });
  });
});

describe('the sweeper lock on PostgreSQL', () => {
  let first: TestDatabase;
  beforeAll(async () => {
    first = await openTestDatabase('postgres');
  });
  afterAll(() => first?.close());

  it('lets one holder at a time across connections, and frees itself when the work ends', async () => {
    const lockA = new AdvisoryExclusiveLock(first.dataSource);
    const lockB = new AdvisoryExclusiveLock(first.dataSource);
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const holding = lockA.runExclusively(() => new Promise<void>((resolve) => {
      release = resolve;
      entered();
    }));
    await inside;
    let ranB = false;
    expect(await lockB.runExclusively(async () => { ranB = true; })).toBe(false);
    expect(ranB).toBe(false);
    release();
    expect(await holding).toBe(true);
    expect(await lockB.runExclusively(async () => { ranB = true; })).toBe(true);
    expect(ranB).toBe(true);
  });
});
