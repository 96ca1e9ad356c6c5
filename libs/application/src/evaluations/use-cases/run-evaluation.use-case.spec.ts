import { randomUUID } from 'node:crypto';
import type { Evaluation, EvaluationScenario, RateLimit } from '@crucible/domain';
import { InMemoryWorld, type Workflow, actorOf } from '../../testing';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { UpdateVariantParametersUseCase } from '../../registry/use-cases/update-variant-parameters.use-case';
import { CreateEvaluationUseCase } from './create-evaluation.use-case';
import { RunEvaluationUseCase } from './run-evaluation.use-case';
import { CancelEvaluationUseCase } from './cancel-evaluation.use-case';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

const ROWS = ['1', '2', '3', '4', '5', '6'].map((n) => ({ question: `what is ${n}?`, correct_answer: n }));
const quick: RateLimit = { batchSize: 2, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };

/** Answers the number in the question, costing a cent. */
const answering: Workflow = ({ inputs }) => ({ output: String(inputs['question']).replace(/\D/g, ''), cost: 0.01 });

describe('RunEvaluationUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const run = new RunEvaluationUseCase(world.evaluations, world.testsets, world.invoker, world.evaluators, world.reporter, world.runStoragePolicy);
  const getEvaluation = new GetEvaluationUseCase(world.evaluations);
  const cancel = new CancelEvaluationUseCase(world.evaluations, getEvaluation, world.queue);
  const execute = (evaluation: Evaluation) => run.execute({ evaluationId: evaluation.id, projectId: actor.projectId });

  async function evaluationOf(workflow: Workflow, rateLimit = quick, evaluatorKeys = ['auto_exact_match']) {
    const app = await world.seedApp(actor);
    // Each evaluation gets its own service URL, so calls are counted per test.
    const variant = await world.seedVariant(actor, app, `v-${randomUUID().slice(0, 8)}`, { prompt: 'pinned' });
    world.invoker.register(world.playgroundUrlOf(variant), workflow);
    const testset = await world.seedTestset(actor, ROWS);
    const configs = await Promise.all(evaluatorKeys.map((key) => world.seedEvaluatorConfig(actor, app, key)));
    const create = new CreateEvaluationUseCase(world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.evaluatorPrerequisites);
    const [evaluation] = await create.execute(actor, {
      appId: app.id, revisions: { revisionIds: [variant.latest.id] }, evaluatorConfigIds: configs.map((c) => c.id), testsetId: testset.id, rateLimit,
    });
    return { evaluation: evaluation!, variant };
  }

  const callsTo = (evaluation: Evaluation) => world.invoker.calls.filter((c) => c.url === evaluation.invocationUrl);

  it('invokes every row with the pinned parameters, judges it and finishes with aggregates', async () => {
    const { evaluation, variant } = await evaluationOf(answering);
    // A change after creation must not reach the run: the evaluation runs the revision it named.
    await new UpdateVariantParametersUseCase(world.variants, new GetVariantUseCase(world.variants), world.prompts.parameters)
      .execute(actor, { variantId: variant.variant.id, parameters: { prompt: 'changed later' } });
    await execute(evaluation);

    const finished = await getEvaluation.execute(actor, evaluation.id);
    expect(finished).toMatchObject({ status: 'EVALUATION_FINISHED', statusError: null, progressDone: 6 });
    expect(finished.aggregatedResults[0]!.result).toEqual({ type: 'number', value: 1 });
    expect(finished.totalCost).toBeCloseTo(0.06);
    expect(callsTo(evaluation).map((c) => c.call)).toContainEqual({ inputs: { question: 'what is 1?' }, config: { prompt: 'pinned' }, projectId: actor.projectId });
    expect(callsTo(evaluation)).toHaveLength(6);
    // Every row links to the trace of its invocation, kept with the app, variant and revision it ran.
    const scenarios = await world.evaluations.listScenarios(actor.projectId, evaluation.id);
    for (const scenario of scenarios) {
      const kept = await world.traces.findById(actor.projectId, scenario.traceId!, { limit: 100, after: null });
      expect(kept?.trace).toMatchObject({ appId: evaluation.appId, variantRevisionId: evaluation.variantRevisionId, output: scenario.output });
    }
  });

  it('resumes a re-delivered job: rows already stored are not invoked again', async () => {
    const { evaluation } = await evaluationOf(answering);
    await world.evaluations.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_STARTED' });
    const stored = (rowIndex: number): EvaluationScenario => ({
      id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation.id, rowIndex, repetition: 1, inputs: { question: 'x' }, output: String(rowIndex + 1),
      correctAnswer: String(rowIndex + 1), results: [{ evaluatorConfigId: evaluation.evaluatorConfigs[0]!.id, result: { type: 'bool', value: true } }],
      latency: 0.01, cost: 0.01, error: null, traceId: null, createdAt: new Date(),
    });
    await world.evaluations.saveScenarios([stored(0), stored(1), stored(2)]);

    await execute(evaluation);

    expect(callsTo(evaluation).map((c) => c.call.inputs['question'])).toEqual(['what is 4?', 'what is 5?', 'what is 6?']);
    expect(await getEvaluation.execute(actor, evaluation.id)).toMatchObject({ status: 'EVALUATION_FINISHED', progressDone: 6 });
    expect((await world.evaluations.storedRowRuns(actor.projectId, evaluation.id)).map((run) => run.rowIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    const events = world.reporter.of(`evaluation:${evaluation.id}`);
    expect(events[0]).toEqual({ event: 'picked_up', jobId: `evaluation:${evaluation.id}`, counts: { stored: 3, total: 6 } });
    expect(events[events.length - 1]).toEqual(
      { event: 'finished', jobId: `evaluation:${evaluation.id}`, counts: { status: 'EVALUATION_FINISHED', stored: 6, total: 6 } },
    );
    // One progress event per write: how many writes the three rows take depends on how fast they come.
    const progress = events.slice(1, -1);
    expect(progress.map((event) => event.event)).toEqual(progress.map(() => 'progress'));
    const storedCounts = progress.flatMap((event) => (event.event === 'progress' ? [event.counts.stored] : []));
    expect(storedCounts[storedCounts.length - 1]).toBe(6);
    expect(storedCounts).toEqual([...storedCounts].sort((a, b) => a - b));
  });

  it('runs one batch per delivery when batches are an hour apart, and a delivery before the hour is over runs none', async () => {
    const hourApart: RateLimit = { ...quick, delayBetweenBatchesSeconds: 3600 };
    const { evaluation } = await evaluationOf(answering, hourApart);
    expect(await execute(evaluation)).toEqual({ kind: 'resume_after', resumeAfterMs: 3_600_000 });
    expect(callsTo(evaluation)).toHaveLength(2);

    // A restart or a sweep delivers it early: it waits out what is left of the hour, invoking nothing.
    const early = await execute(evaluation);
    expect(early).toEqual({ kind: 'resume_after', resumeAfterMs: expect.any(Number) });
    expect((early as { resumeAfterMs: number }).resumeAfterMs).toBeGreaterThan(0);
    expect((early as { resumeAfterMs: number }).resumeAfterMs).toBeLessThanOrEqual(3_600_000);
    expect(callsTo(evaluation)).toHaveLength(2);

    // The hour over (the clock moved on), the next batch runs; the last one finishes the evaluation.
    jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      jest.setSystemTime(Date.now() + 3_600_000);
      expect(await execute(evaluation)).toEqual({ kind: 'resume_after', resumeAfterMs: 3_600_000 });
      jest.setSystemTime(Date.now() + 3_600_000);
      expect(await execute(evaluation)).toEqual({ kind: 'done' });
    } finally {
      jest.useRealTimers();
    }
    expect(callsTo(evaluation)).toHaveLength(6);
    expect(await getEvaluation.execute(actor, evaluation.id)).toMatchObject({ status: 'EVALUATION_FINISHED', progressDone: 6 });
  });

  it('stops within two batches of the cancellation, and the cancellation stands', async () => {
    // The runner's clock only: each call takes 50 ms on it, so the runner asks for the status before every batch.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    let evaluationId = '';
    const cancelling: Workflow = async (call) => {
      jest.advanceTimersByTime(50);
      // Someone cancels while the first batch is being invoked.
      if (call.inputs['question'] === 'what is 1?') await cancel.execute(actor, evaluationId);
      return answering(call);
    };
    const { evaluation } = await evaluationOf(cancelling);
    evaluationId = evaluation.id;
    try {
      await execute(evaluation);
    } finally {
      jest.useRealTimers();
    }

    // The first batch, and the next one, launched while the check that sees the cancellation was under way.
    expect(callsTo(evaluation)).toHaveLength(4);
    expect(await getEvaluation.execute(actor, evaluation.id)).toMatchObject({ status: 'EVALUATION_CANCELLED', progressDone: 4, aggregatedResults: [] });
  });

  it('never changes a terminal state: a finished evaluation is neither re-run nor cancelled', async () => {
    const { evaluation } = await evaluationOf(answering);
    await execute(evaluation);
    const finished = await getEvaluation.execute(actor, evaluation.id);

    await execute(evaluation);
    await expect(cancel.execute(actor, evaluation.id)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(await world.evaluations.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_FAILED' })).toBe(false);

    expect(callsTo(evaluation)).toHaveLength(6);
    expect(await getEvaluation.execute(actor, evaluation.id)).toEqual(finished);
  });

  it('retries retryable failures up to max_retries, and keeps a row that still fails as an error', async () => {
    const attempts = new Map<string, number>();
    const flaky: Workflow = (call) => {
      const question = String(call.inputs['question']);
      const attempt = (attempts.get(question) ?? 0) + 1;
      attempts.set(question, attempt);
      if (question === 'what is 6?') return { failure: 'bad request', retryable: false, status: 400 };
      return attempt <= 2 ? { failure: '503 from upstream', retryable: true, status: 503 } : answering(call);
    };
    const { evaluation } = await evaluationOf(flaky, { ...quick, maxRetries: 2 });
    await execute(evaluation);

    const finished = await getEvaluation.execute(actor, evaluation.id);
    expect(finished.status).toBe('EVALUATION_FINISHED_WITH_ERRORS');
    expect(finished.statusError?.message).toMatch(/^1 row failed/);
    expect(attempts.get('what is 1?')).toBe(3);
    expect(attempts.get('what is 6?')).toBe(1);
    const scenarios = await world.evaluations.listScenarios(actor.projectId, evaluation.id);
    expect(scenarios[5]).toMatchObject({ output: null, error: { message: 'bad request' } });
  });

  it('fails the evaluation when every row fails, and when its test set is gone', async () => {
    const { evaluation } = await evaluationOf(() => ({ failure: 'boom', retryable: false, status: 500 }));
    await execute(evaluation);
    expect(await getEvaluation.execute(actor, evaluation.id))
      .toMatchObject({ status: 'EVALUATION_FAILED', statusError: { message: 'every row failed; first error: boom' } });

    const { evaluation: orphan } = await evaluationOf(answering);
    await world.testsets.delete(actor.projectId, [orphan.testsetId]);
    await execute(orphan);
    expect(await getEvaluation.execute(actor, orphan.id))
      .toMatchObject({ status: 'EVALUATION_FAILED', statusError: { message: `testset ${orphan.testsetId} no longer exists` } });
    expect(callsTo(orphan)).toHaveLength(0);
  });

  it('finishes with errors when an evaluator errors on rows the application answered', async () => {
    const { evaluation } = await evaluationOf(answering, quick, ['auto_exact_match', 'failing']);
    await execute(evaluation);
    const finished = await getEvaluation.execute(actor, evaluation.id);
    expect(finished.status).toBe('EVALUATION_FINISHED_WITH_ERRORS');
    expect(finished.statusError?.message).toBe('0 rows failed, 6 evaluator errors');
  });
});
