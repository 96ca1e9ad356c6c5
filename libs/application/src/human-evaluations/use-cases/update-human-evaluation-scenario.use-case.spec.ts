import { randomUUID } from 'node:crypto';
import type { HumanEvaluationType } from '@crucible/domain';
import { InMemoryWorld, type Workflow, actorOf } from '../../testing';
import { CreateHumanEvaluationUseCase } from './create-human-evaluation.use-case';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';
import { RunHumanEvaluationUseCase } from './run-human-evaluation.use-case';
import { UpdateHumanEvaluationScenarioUseCase } from './update-human-evaluation-scenario.use-case';

const answers: Workflow = ({ inputs }) => ({ output: `about ${String(inputs['topic'])}` });

describe('UpdateHumanEvaluationScenarioUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const getEvaluation = new GetHumanEvaluationUseCase(world.humanEvaluations);
  const judge = new UpdateHumanEvaluationScenarioUseCase(world.humanEvaluations, getEvaluation);
  const create = new CreateHumanEvaluationUseCase(
    world.humanEvaluations, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.scoreConfigs,
  );
  const run = new RunHumanEvaluationUseCase(world.humanEvaluations, world.testsets, world.invoker, world.reporter, world.runStoragePolicy);

  /** A human evaluation of `sides` variants over two rows, its outputs generated unless `ready` is false. */
  async function humanEvaluation(evaluationType: HumanEvaluationType, sides: number, ready = true) {
    const app = await world.seedApp(actor);
    const variants = await Promise.all(Array.from({ length: sides }, async (_, index) => {
      const view = await world.seedVariant(actor, app, `v${index}-${randomUUID().slice(0, 8)}`, { index });
      world.invoker.register(world.playgroundUrlOf(view), answers);
      return view;
    }));
    const testset = await world.seedTestset(actor, [{ topic: 'tides', correct_answer: 'moon' }, { topic: 'rain', correct_answer: 'clouds' }]);
    const evaluation = await create.execute(actor, {
      appId: app.id, evaluationType, revisions: { revisionIds: variants.map((v) => v.latest.id) }, testsetId: testset.id,
    });
    if (ready) await run.execute({ humanEvaluationId: evaluation.id, projectId: actor.projectId });
    const [scenario] = await world.humanEvaluations.listScenarios(actor.projectId, evaluation.id);
    return { evaluation, variants, scenarioId: scenario?.id ?? randomUUID() };
  }

  it('stores an A/B vote for one side (by revision or variant id), both good or bad, and clears it with null', async () => {
    const { evaluation, variants, scenarioId } = await humanEvaluation('human_a_b_testing', 2);
    const update = (vote: unknown) => judge.execute(actor, { evaluationId: evaluation.id, scenarioId, update: { vote } });
    expect(await update(variants[1]!.latest.id)).toMatchObject({ vote: variants[1]!.latest.id });
    expect(await update(variants[0]!.variant.id)).toMatchObject({ vote: variants[0]!.variant.id });
    expect(await update('0')).toMatchObject({ vote: '0' });
    expect(await update(null)).toMatchObject({ vote: null });
  });

  it('keeps what a judgment leaves out, and replaces only the outputs a client names', async () => {
    const { evaluation, variants, scenarioId } = await humanEvaluation('human_a_b_testing', 2);
    const update = (change: object) => judge.execute(actor, { evaluationId: evaluation.id, scenarioId, update: change });
    await update({ vote: '1', note: 'both fine' });
    const pinned = await update({ isPinned: true, outputs: [{ variantId: variants[0]!.variant.id, output: 'edited' }] });
    expect(pinned).toMatchObject({ vote: '1', note: 'both fine', isPinned: true });
    expect(pinned.outputs.map((o) => o.output)).toEqual(['edited', 'about tides']);
  });

  it('names who judged a row last: the person (or key) of the latest judgment', async () => {
    const { evaluation, scenarioId } = await humanEvaluation('human_a_b_testing', 2);
    const ada = { ...actor, type: 'user' as const, id: randomUUID(), name: 'Ada Lovelace' };
    const [before] = await world.humanEvaluations.listScenarios(actor.projectId, evaluation.id);
    expect(before).toMatchObject({ modifiedBy: null, modifiedById: null });
    expect(await judge.execute(actor, { evaluationId: evaluation.id, scenarioId, update: { vote: '1' } }))
      .toMatchObject({ modifiedBy: 'test key', modifiedById: actor.id });
    expect(await judge.execute(ada, { evaluationId: evaluation.id, scenarioId, update: { note: 'checked' } }))
      .toMatchObject({ vote: '1', note: 'checked', modifiedBy: 'Ada Lovelace', modifiedById: ada.id });
  });

  it('scores a single-model test 1 to 5, a numeric string too', async () => {
    const { evaluation, scenarioId } = await humanEvaluation('single_model_test', 1);
    const update = (score: unknown) => judge.execute(actor, { evaluationId: evaluation.id, scenarioId, update: { score } });
    expect(await update('4')).toMatchObject({ score: 4 });
    await expect(update(6)).rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['score'], rule: 'above_maximum' }] });
    await expect(update(2.5)).rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['score'], rule: 'not_integer' }] });
    expect((await world.humanEvaluations.findScenario(actor.projectId, evaluation.id, scenarioId))?.score).toBe(4);
  });

  it('refuses a judgment of the wrong kind, a vote for no side, and an empty one, changing nothing', async () => {
    const ab = await humanEvaluation('human_a_b_testing', 2);
    const single = await humanEvaluation('single_model_test', 1);
    const refusal = (target: typeof ab, update: object) => judge.execute(actor, { evaluationId: target.evaluation.id, scenarioId: target.scenarioId, update });
    await expect(refusal(ab, { score: 3 })).rejects.toMatchObject({ violations: [{ field: ['score'], rule: 'invalid_value' }] });
    await expect(refusal(single, { vote: '1' })).rejects.toMatchObject({ violations: [{ field: ['vote'], rule: 'invalid_value' }] });
    await expect(refusal(ab, { vote: randomUUID() })).rejects.toMatchObject({ violations: [{ field: ['vote'], rule: 'not_a_choice' }] });
    await expect(refusal(ab, {})).rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: [], rule: 'required' }] });
    expect(await world.humanEvaluations.findScenario(actor.projectId, ab.evaluation.id, ab.scenarioId)).toMatchObject({ vote: null, score: null });
  });

  it('refuses judging before the outputs are ready, an unknown scenario, and another project’s evaluation', async () => {
    const pending = await humanEvaluation('single_model_test', 1, false);
    await expect(judge.execute(actor, { evaluationId: pending.evaluation.id, scenarioId: pending.scenarioId, update: { score: 3 } }))
      .rejects.toMatchObject({ code: 'invalid_state' });
    const { evaluation, scenarioId } = await humanEvaluation('single_model_test', 1);
    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: randomUUID(), update: { score: 3 } }))
      .rejects.toMatchObject({ code: 'not_found' });
    await expect(judge.execute(actorOf(), { evaluationId: evaluation.id, scenarioId, update: { score: 3 } }))
      .rejects.toMatchObject({ code: 'not_found' });
  });
});
