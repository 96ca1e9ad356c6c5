import { DomainError } from '@crucible/domain';
import { InMemoryWorld, SERVICE_HOST, actorOf } from '../../testing';
import { everything } from '../../shared/page';
import { CreateVariantFromServiceUseCase } from './create-variant-from-service.use-case';
import { UpdateVariantParametersUseCase } from './update-variant-parameters.use-case';
import { GetVariantUseCase } from './get-variant.use-case';

describe('CreateVariantFromServiceUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const create = new CreateVariantFromServiceUseCase(world.variants, world.getApp, world.describer, world.outbound, world.prompts.parameters);

  it('registers the service as a new base and the variant at revision 1 with the given parameters', async () => {
    const app = await world.seedApp(actor);
    const view = await create.execute(actor, {
      appId: app.id, variantName: 'concise', url: `http://${SERVICE_HOST}/svc/`, routePath: '/summarize/', parameters: { temperature: 0.2 },
    });
    expect(view.base).toMatchObject({ name: 'concise', url: `http://${SERVICE_HOST}/svc`, routePath: '/summarize' });
    expect(view.variant).toMatchObject({ appId: app.id, name: 'concise', configName: 'default', revision: 1, modifiedById: actor.id });
    expect(view.latest).toMatchObject({ revision: 1, parameters: { temperature: 0.2 }, modifiedBy: 'test key' });
    expect((await world.variants.listRevisions(actor.projectId, view.variant.id, everything)).items).toHaveLength(1);
  });

  it('refuses a taken base name with a conflict and leaves nothing behind', async () => {
    const app = await world.seedApp(actor);
    await create.execute(actor, { appId: app.id, variantName: 'v1', url: `http://${SERVICE_HOST}/a` });
    const second = create.execute(actor, { appId: app.id, variantName: 'v2', baseName: 'v1', url: `http://${SERVICE_HOST}/b` });
    await expect(second).rejects.toMatchObject({ code: 'conflict' });
    expect((await world.variants.listViews(actor.projectId, app.id, everything)).items).toHaveLength(1);
  });

  it('refuses a URL the outbound guard refuses as a 422 on url', async () => {
    const app = await world.seedApp(actor);
    const refused = create.execute(actor, { appId: app.id, variantName: 'internal', url: 'http://169.254.169.254/latest' });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['url'] }] });
  });

  it("answers 404 for another project's app, exactly as for a missing one", async () => {
    const app = await world.seedApp(actor);
    const stranger = actorOf();
    await expect(create.execute(stranger, { appId: app.id, variantName: 'x', url: `http://${SERVICE_HOST}/x` }))
      .rejects.toMatchObject({ code: 'not_found' });
  });

  it('appends immutable revisions: revision 1 stays as it was after an update', async () => {
    const app = await world.seedApp(actor);
    const view = await world.seedVariant(actor, app, 'evolving', { temperature: 0.1 });
    const update = new UpdateVariantParametersUseCase(world.variants, new GetVariantUseCase(world.variants), world.prompts.parameters);
    const second = await update.execute(actor, { variantId: view.variant.id, parameters: { temperature: 0.9 }, commitMessage: 'hotter' });
    expect(second.latest).toMatchObject({ revision: 2, parameters: { temperature: 0.9 }, commitMessage: 'hotter' });
    expect(await world.variants.findRevision(actor.projectId, view.variant.id, 1)).toMatchObject({ parameters: { temperature: 0.1 } });
  });
});
