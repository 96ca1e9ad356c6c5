import { InMemoryWorld, actorOf } from '../../testing';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { UpdateVariantParametersUseCase } from '../../registry/use-cases/update-variant-parameters.use-case';
import { DeployUseCase } from './deploy.use-case';
import { RevertEnvironmentUseCase } from './revert-environment.use-case';
import { ResolveConfigUseCase } from './resolve-config.use-case';
import { DeployedConfigCache } from '../../prompts/gateway/deployed-config-cache';

describe('deploying and reverting an environment', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const getVariant = new GetVariantUseCase(world.variants);
  const deployedConfigs = new DeployedConfigCache();
  const deploy = new DeployUseCase(world.environments, world.variants, getVariant, deployedConfigs);
  const revert = new RevertEnvironmentUseCase(world.environments, world.variants, deployedConfigs);
  const resolve = new ResolveConfigUseCase(world.environments, world.variants, getVariant, world.apps);
  const update = new UpdateVariantParametersUseCase(world.variants, getVariant, world.prompts.parameters);

  async function appWithTwoRevisions() {
    const app = await world.seedApp(actor);
    const view = await world.seedVariant(actor, app, 'main', { prompt: 'v1' });
    await update.execute(actor, { variantId: view.variant.id, parameters: { prompt: 'v2' } });
    return { app, view };
  }

  it('deploys the latest revision by default and numbers environment revisions from 1', async () => {
    const { app, view } = await appWithTwoRevisions();
    const first = await deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id });
    expect(first).toMatchObject({ revision: 1, deployedVariantRevision: 2, modifiedBy: 'test key' });
    const resolved = await resolve.execute(actor, { appId: app.id, environment: 'production' });
    expect(resolved.revision.parameters).toEqual({ prompt: 'v2' });
  });

  it('deploys a named revision, and reverting appends a new revision pointing at the older deployment', async () => {
    const { app, view } = await appWithTwoRevisions();
    const old = await deploy.execute(actor, { appId: app.id, environmentName: 'staging', variantId: view.variant.id, revision: 1 });
    await deploy.execute(actor, { appId: app.id, environmentName: 'staging', variantId: view.variant.id });
    const reverted = await revert.execute(actor, { environmentRevisionId: old.id });

    expect(reverted).toMatchObject({ revision: 3, deployedVariantRevision: 1, commitMessage: 'revert to revision 1' });
    const environment = await world.environments.findByName(actor.projectId, app.id, 'staging');
    const history = await world.environments.history(actor.projectId, environment!.id);
    expect(history.map((r) => [r.revision, r.deployedVariantRevision])).toEqual([[1, 1], [2, 2], [3, 1]]);
    expect((await resolve.execute(actor, { appId: app.id, environment: 'staging' })).revision.parameters).toEqual({ prompt: 'v1' });
  });

  it('refuses a variant of another app and a revision that does not exist, deploying nothing', async () => {
    const { app, view } = await appWithTwoRevisions();
    const other = await world.seedApp(actor);
    await expect(deploy.execute(actor, { appId: other.id, environmentName: 'production', variantId: view.variant.id }))
      .rejects.toMatchObject({ code: 'rule_violation' });
    await expect(deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id, revision: 9 }))
      .rejects.toMatchObject({ code: 'not_found' });
    await expect(deploy.execute(actor, { appId: app.id, environmentName: 'qa', variantId: view.variant.id }))
      .rejects.toMatchObject({ code: 'not_found' });
    const environment = await world.environments.findByName(actor.projectId, app.id, 'production');
    expect(environment!.revision).toBeNull();
  });

  it("treats another project's environment revision as missing", async () => {
    const { app, view } = await appWithTwoRevisions();
    const deployed = await deploy.execute(actor, { appId: app.id, environmentName: 'development', variantId: view.variant.id });
    await expect(revert.execute(actorOf(), { environmentRevisionId: deployed.id })).rejects.toMatchObject({ code: 'not_found' });
  });
});
