import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Actor, HumanEvaluation, HumanEvaluationScenario } from '@crucible/domain';
import {
  CreateAppUseCase, CreateTestsetUseCase, GetAppUseCase, type InvocationOutcome, RunHumanEvaluationUseCase,
  type WorkflowCall, WorkflowInvoker,
} from '@crucible/application';
import { RecordingRunReporter } from '@crucible/application/testing';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';

import { TypeOrmAppRepository } from './app.repository';
import { TypeOrmTestsetRepository } from './testset.repository';
import { TypeOrmHumanEvaluationRepository } from './human-evaluation.repository';
import { runStoragePolicyOf } from '../data-source/run-storage-policies';

/** Answers `<revision>:<input>`; an input of "fail" fails without retry. Records every call. */
class EchoInvoker extends WorkflowInvoker {
  readonly calls: Array<{ url: string; call: WorkflowCall }> = [];

  async invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome> {
    this.calls.push({ url, call });
    if (call.inputs['input'] === 'fail') return { ok: false, retryable: false, message: 'it broke', latencyMs: 1 };
    return { ok: true, output: `${String(call.config['tag'])}:${String(call.inputs['input'])}`, trace: null, latencyMs: 1 };
  }
}

describe.each(['postgres', 'pglite'] as const)('human evaluation repository on %s', (engine) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let actor: Actor;
  let repository: TypeOrmHumanEvaluationRepository;
  let appId: string;
  let testsetId: string;
  const rows = [{ input: 'a', correct_answer: 'A' }, { input: 'fail', correct_answer: 'B' }, { input: 'c', correct_answer: 3 }];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    dataSource = database.dataSource;
    actor = database.actor;
    repository = new TypeOrmHumanEvaluationRepository(dataSource);
    const apps = new TypeOrmAppRepository(dataSource);
    appId = (await new CreateAppUseCase(apps).execute(actor, { appName: 'judged' })).id;
    const testsets = new CreateTestsetUseCase(new TypeOrmTestsetRepository(dataSource), new GetAppUseCase(apps));
    testsetId = (await testsets.execute(actor, { name: 'rows', rows })).id;
  });

  afterAll(async () => {
    await database?.close();
  });

  const newEvaluation = (): HumanEvaluation => ({
    id: randomUUID(), projectId: actor.projectId, appId, evaluationType: 'human_a_b_testing',
    variants: ['one', 'two'].map((tag) => ({
      variantId: randomUUID(), variantName: tag, variantRevisionId: randomUUID(), revision: 1, parameters: { tag },
      invocationUrl: `http://svc/${tag}/playground/run`,
    })),
    testsetId, testsetName: 'rows', testsetVersion: 1, inputColumns: ['input'], metrics: [], correctAnswerColumn: null, status: 'EVALUATION_INITIALIZED',
    statusError: null, progressDone: 0, progressTotal: rows.length, createdAt: new Date(), updatedAt: new Date(),
  });

  const scenarioOf = (evaluation: HumanEvaluation, rowIndex: number): HumanEvaluationScenario => ({
    id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation.id, rowIndex, inputs: [{ name: 'input', value: 'stored' }],
    outputs: [], vote: null, score: null, metricScores: {}, correctAnswer: null, isPinned: false, note: null, modifiedBy: null, modifiedById: null,
    createdAt: new Date(), updatedAt: new Date(),
  });

  it('resumes a run from the stored rows, keeps failed invocations on their output, and ends READY once', async () => {
    const evaluation = newEvaluation();
    await repository.create(evaluation);
    expect(await repository.saveScenario(scenarioOf(evaluation, 0))).toBe(true);
    expect(await repository.saveScenario(scenarioOf(evaluation, 0))).toBe(false);
    const invoker = new EchoInvoker();
    const run = new RunHumanEvaluationUseCase(
      repository, new TypeOrmTestsetRepository(dataSource), invoker, new RecordingRunReporter(), runStoragePolicyOf(engine),
    );
    await run.execute({ humanEvaluationId: evaluation.id, projectId: actor.projectId });

    expect(invoker.calls.map((c) => c.call.inputs['input']).sort()).toEqual(['c', 'c', 'fail', 'fail']);
    expect(invoker.calls[0]!.call.inputs).not.toHaveProperty('correct_answer');
    const stored = await repository.findById(actor.projectId, evaluation.id);
    expect(stored).toMatchObject({ status: 'EVALUATION_READY', progressDone: 3, statusError: { message: expect.stringContaining('2 of 4') } });
    const scenarios = await repository.listScenarios(actor.projectId, evaluation.id);
    expect(scenarios.map((s) => s.rowIndex)).toEqual([0, 1, 2]);
    expect(scenarios[0]!.inputs).toEqual([{ name: 'input', value: 'stored' }]);
    expect(scenarios[1]!.outputs.map((o) => [o.output, o.error])).toEqual([[null, { message: 'it broke' }], [null, { message: 'it broke' }]]);
    expect(scenarios[2]).toMatchObject({ correctAnswer: '3', outputs: [{ output: 'one:c', error: null }, { output: 'two:c', error: null }] });

    await run.execute({ humanEvaluationId: evaluation.id, projectId: actor.projectId });
    expect(invoker.calls).toHaveLength(4);
    expect(await repository.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_FAILED' })).toBe(false);
    expect(await repository.listUnfinished()).toEqual([]);
  });

  it('updates only the given fields of one scenario, only while READY, without losing concurrent edits', async () => {
    const evaluation = newEvaluation();
    await repository.create(evaluation);
    const scenario = scenarioOf(evaluation, 0);
    await repository.saveScenario(scenario);
    const args = [actor.projectId, evaluation.id, scenario.id] as const;
    expect(await repository.updateScenario(...args, { vote: '1' })).toBeNull();
    expect(await repository.listUnfinished()).toEqual([{ id: evaluation.id, projectId: actor.projectId }]);
    await repository.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_STARTED' });
    await repository.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_READY' });

    await Promise.all([
      repository.updateScenario(...args, { vote: '0' }),
      repository.updateScenario(...args, { note: 'why' }),
      repository.updateScenario(...args, { isPinned: true }),
      repository.updateScenario(...args, { correctAnswer: 'x' }),
    ]);
    expect(await repository.findScenario(...args)).toMatchObject({ vote: '0', note: 'why', isPinned: true, correctAnswer: 'x', score: null });
    const cleared = await repository.updateScenario(...args, { vote: null, note: null });
    expect(cleared).toMatchObject({ id: scenario.id, vote: null, note: null, isPinned: true, correctAnswer: 'x' });
    expect(cleared!.updatedAt).toBeInstanceOf(Date);
    expect(cleared).toMatchObject({ modifiedBy: null, modifiedById: null });
    const judged = await repository.updateScenario(...args, { vote: '1', modifiedBy: 'Ada', modifiedById: 'user-1' });
    expect(judged).toMatchObject({ vote: '1', modifiedBy: 'Ada', modifiedById: 'user-1' });
    expect(await repository.findScenario(...args)).toMatchObject({ vote: '1', modifiedBy: 'Ada', modifiedById: 'user-1' });
    expect(await repository.updateScenario(actor.projectId, evaluation.id, randomUUID(), { vote: '1' })).toBeNull();
    expect(await repository.updateScenario(randomUUID(), evaluation.id, scenario.id, { vote: '1' })).toBeNull();

    expect(await repository.deleteMany(actor.projectId, [evaluation.id])).toBe(1);
    expect(await repository.findScenario(...args)).toBeNull();
  });
});
