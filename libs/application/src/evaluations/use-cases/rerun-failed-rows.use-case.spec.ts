import type { RateLimit } from '@crucible/domain';
import { InMemoryWorld, type Workflow, actorOf } from '../../testing';
import { CreateEvaluationUseCase } from './create-evaluation.use-case';
import { RunEvaluationUseCase } from './run-evaluation.use-case';
import { GetEvaluationUseCase } from './get-evaluation.use-case';
import { RerunFailedRowsUseCase } from './rerun-failed-rows.use-case';

const ROWS = ['1', '2', '3', '4', '5'].map((n) => ({ question: `what is ${n}?`, correct_answer: n }));
const quick: RateLimit = { batchSize: 5, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };

describe('RerunFailedRowsUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const run = new RunEvaluationUseCase(world.evaluations, world.testsets, world.invoker, world.evaluators, world.reporter, world.runStoragePolicy);
  const getEvaluation = new GetEvaluationUseCase(world.evaluations);
  const rerun = new RerunFailedRowsUseCase(world.evaluations, world.queue, getEvaluation);
  let broken = true;
  /** Question 3 fails (not retryable) while `broken`; the others answer their number. */
  const flaky: Workflow = ({ inputs }) => (broken && inputs['question'] === 'what is 3?'
    ? { failure: 'boom', retryable: false, status: 500 }
    : { output: String(inputs['question']).replace(/\D/g, ''), cost: 0.01 });

  async function finishedEvaluation(repetitions?: number, workflow: Workflow = flaky) {
    const app = await world.seedApp(actor);
    const variant = await world.seedVariant(actor, app, 'flaky', { prompt: 'p' });
    world.invoker.register(world.playgroundUrlOf(variant), workflow);
    const testset = await world.seedTestset(actor, ROWS);
    const config = await world.seedEvaluatorConfig(actor, app);
    const create = new CreateEvaluationUseCase(world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.evaluatorPrerequisites);
    const [evaluation] = await create.execute(actor, {
      appId: app.id, revisions: { revisionIds: [variant.latest.id] }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit: quick, repetitions,
    });
    await run.execute({ evaluationId: evaluation!.id, projectId: actor.projectId });
    return getEvaluation.execute(actor, evaluation!.id);
  }

  it('keeps the rows that succeeded and invokes only the failed one, in a new evaluation', async () => {
    broken = true;
    const original = await finishedEvaluation();
    expect(original.status).toBe('EVALUATION_FINISHED_WITH_ERRORS');
    broken = false;
    const queued = world.queue.jobs.length;

    const again = await rerun.execute(actor, original.id);
    expect(again).toMatchObject({ status: 'EVALUATION_INITIALIZED', variantRevisionId: original.variantRevisionId, progressDone: 4, progressTotal: 5 });
    expect(again.id).not.toBe(original.id);
    expect(world.queue.jobs.slice(queued)).toEqual([{ kind: 'evaluation', evaluation_id: again.id, project_id: actor.projectId }]);

    const callsBefore = world.invoker.calls.length;
    await run.execute({ evaluationId: again.id, projectId: actor.projectId });
    expect(world.invoker.calls.slice(callsBefore).map((c) => c.call.inputs['question'])).toEqual(['what is 3?']);
    const finished = await getEvaluation.execute(actor, again.id);
    expect(finished).toMatchObject({ status: 'EVALUATION_FINISHED', progressDone: 5 });
    expect(finished.aggregatedResults[0]!.result).toEqual({ type: 'number', value: 1 });
    // The original is final and stays as it was.
    expect((await getEvaluation.execute(actor, original.id)).status).toBe('EVALUATION_FINISHED_WITH_ERRORS');
  });

  it('with repetitions, runs again only the repetitions that failed', async () => {
    // Question 3 fails on its second call only: one repetition of one row.
    let callsOfThree = 0;
    const secondCallFails: Workflow = (call) => {
      if (call.inputs['question'] === 'what is 3?' && (callsOfThree += 1) === 2) return { failure: 'boom', retryable: false, status: 500 };
      return { output: String(call.inputs['question']).replace(/\D/g, ''), cost: 0.01 };
    };
    const original = await finishedEvaluation(3, secondCallFails);
    expect(original).toMatchObject({ status: 'EVALUATION_FINISHED_WITH_ERRORS', repetitions: 3, progressDone: 15, progressTotal: 15 });
    const failed = (await world.evaluations.listScenarios(actor.projectId, original.id)).filter((s) => s.error);
    expect(failed.map((s) => s.rowIndex)).toEqual([2]);

    const again = await rerun.execute(actor, original.id);
    expect(again).toMatchObject({ repetitions: 3, progressDone: 14, progressTotal: 15 });
    const callsBefore = world.invoker.calls.length;
    await run.execute({ evaluationId: again.id, projectId: actor.projectId });
    expect(world.invoker.calls.slice(callsBefore).map((c) => c.call.inputs['question'])).toEqual(['what is 3?']);
    const stored = await world.evaluations.listScenarios(actor.projectId, again.id);
    expect(stored.map((s) => [s.rowIndex, s.repetition])).toEqual(ROWS.flatMap((_, row) => [[row, 1], [row, 2], [row, 3]]));
    expect(await getEvaluation.execute(actor, again.id)).toMatchObject({ status: 'EVALUATION_FINISHED', progressDone: 15 });
  });

  it('refuses an evaluation without failed rows, and one still running', async () => {
    broken = false;
    const clean = await finishedEvaluation();
    await expect(rerun.execute(actor, clean.id)).rejects.toMatchObject({ code: 'invalid_state', message: expect.stringMatching(/no failed rows/) });
    broken = true;
    const failedOnce = await finishedEvaluation();
    const running = await rerun.execute(actor, failedOnce.id);
    await expect(rerun.execute(actor, running.id)).rejects.toMatchObject({ code: 'invalid_state', message: expect.stringMatching(/once it has finished/) });
  });

  it('answers not found for another project', async () => {
    broken = true;
    const original = await finishedEvaluation();
    await expect(rerun.execute(actorOf(), original.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
