import type { RateLimit } from '@crucible/domain';
import { InMemoryWorld, actorOf } from '../../testing';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { UpdateVariantParametersUseCase } from '../../registry/use-cases/update-variant-parameters.use-case';
import { CreateEvaluationUseCase } from './create-evaluation.use-case';

const rateLimit: RateLimit = { batchSize: 2, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };

describe('CreateEvaluationUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const create = new CreateEvaluationUseCase(world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.evaluatorPrerequisites);

  async function setup() {
    const app = await world.seedApp(actor);
    const a = await world.seedVariant(actor, app, 'a', { prompt: 'A' });
    const b = await world.seedVariant(actor, app, 'b', { prompt: 'B' });
    const testset = await world.seedTestset(actor, [{ q: '1', correct_answer: '1' }, { q: '2', correct_answer: '2' }, { q: '3', correct_answer: '3' }]);
    const config = await world.seedEvaluatorConfig(actor, app);
    return { app, a, b, testset, config };
  }

  it('creates one INITIALIZED evaluation per revision, pinned to its parameters and endpoint, and queues each', async () => {
    const { app, a, b, testset, config } = await setup();
    const created = await create.execute(actor, {
      appId: app.id, revisions: { revisionIds: [a.latest.id, b.latest.id, a.latest.id] }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit,
    });
    expect(created.map((e) => [e.variantName, e.parameters, e.invocationUrl])).toEqual([
      ['a', { prompt: 'A' }, world.playgroundUrlOf(a)],
      ['b', { prompt: 'B' }, world.playgroundUrlOf(b)],
    ]);
    expect(created.every((e) => e.status === 'EVALUATION_INITIALIZED' && e.progressTotal === 3 && e.progressDone === 0)).toBe(true);
    expect(world.queue.jobs.slice(-2)).toEqual(created.map((e) => ({ kind: 'evaluation', evaluation_id: e.id, project_id: actor.projectId })));
    expect(await world.evaluations.list(actor.projectId, { appId: app.id })).toHaveLength(2);
  });

  it('writes and queues nothing when one piece is wrong', async () => {
    const { app, a, testset, config } = await setup();
    const otherApp = await world.seedApp(actor);
    const foreignRevision = (await world.seedVariant(actor, otherApp, 'elsewhere', {})).latest.id;
    const foreignConfig = await world.seedEvaluatorConfig(actor, otherApp);
    const queued = world.queue.jobs.length;
    const base = { appId: app.id, revisions: { revisionIds: [a.latest.id] }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit };

    await expect(create.execute(actor, { ...base, revisions: { revisionIds: [a.latest.id, foreignRevision] } })).rejects.toMatchObject({ code: 'rule_violation' });
    await expect(create.execute(actor, { ...base, evaluatorConfigIds: [foreignConfig.id] })).rejects.toMatchObject({ code: 'rule_violation' });
    await expect(create.execute(actor, { ...base, testsetId: 'missing' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(create.execute(actor, { ...base, evaluatorConfigIds: ['missing'] })).rejects.toMatchObject({ code: 'not_found' });
    await expect(create.execute(actorOf(), base)).rejects.toMatchObject({ code: 'not_found' });

    expect(await world.evaluations.list(actor.projectId, { appId: app.id })).toHaveLength(0);
    expect(world.queue.jobs).toHaveLength(queued);
  });

  it("takes variant ids as each variant's latest revision, and refuses an unknown variant", async () => {
    const { app, a, testset, config } = await setup();
    await new UpdateVariantParametersUseCase(world.variants, new GetVariantUseCase(world.variants), world.prompts.parameters)
      .execute(actor, { variantId: a.variant.id, parameters: { prompt: 'A, revised' } });
    const base = { appId: app.id, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit };

    const [created] = await create.execute(actor, { ...base, revisions: { variantIds: [a.variant.id] } });
    expect(created).toMatchObject({ variantName: 'a', revision: 2, parameters: { prompt: 'A, revised' } });
    await expect(create.execute(actor, { ...base, revisions: { variantIds: ['missing'] } })).rejects.toMatchObject({ code: 'not_found' });
  });
});
