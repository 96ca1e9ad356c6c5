import type { DataSource } from 'typeorm';
import type { Actor } from '@crucible/domain';
import {
  CreateAppUseCase, CreateVariantFromServiceUseCase, DeployUseCase, DeployedConfigCache, GetAppUseCase, GetVariantUseCase,
  ServiceDescriber, UpdateVariantParametersUseCase, DeleteVariantUseCase, RevertEnvironmentUseCase, everything, issueApiKey,
} from '@crucible/application';
import { HostListOutboundGuard, InMemoryPrompts } from '@crucible/application/testing';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmApiKeyRepository } from './api-key.repository';
import { NoticeChangeMarks } from './notice-change-marks';
import { countQueries, runElsewhere } from '../testing/query-probes';
import { TypeOrmAppRepository } from './app.repository';
import { TypeOrmVariantRepository } from './variant.repository';
import { TypeOrmEnvironmentRepository } from './environment.repository';

class NoRoutesDescriber extends ServiceDescriber {
  async describe() {
    return [];
  }
}

describe.each(['postgres', 'pglite'] as const)('registry repositories on %s', (engine) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let actor: Actor;
  let otherActor: Actor;
  let useCases: ReturnType<typeof wire>;

  function wire(ds: DataSource) {
    const apps = new TypeOrmAppRepository(ds);
    const variants = new TypeOrmVariantRepository(ds);
    const environments = new TypeOrmEnvironmentRepository(ds);
    const getApp = new GetAppUseCase(apps);
    const getVariant = new GetVariantUseCase(variants);
    return {
      variants, environments,
      createApp: new CreateAppUseCase(apps),
      createVariant: new CreateVariantFromServiceUseCase(variants, getApp, new NoRoutesDescriber(), new HostListOutboundGuard(['localhost', '127.0.0.1']), new InMemoryPrompts().parameters),
      updateParameters: new UpdateVariantParametersUseCase(variants, getVariant, new InMemoryPrompts().parameters),
      deploy: new DeployUseCase(environments, variants, getVariant, new DeployedConfigCache()),
      revert: new RevertEnvironmentUseCase(environments, variants, new DeployedConfigCache()),
      deleteVariant: new DeleteVariantUseCase(variants, getVariant),
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    dataSource = database.dataSource;
    actor = database.actor;
    otherActor = database.otherActor;
    useCases = wire(dataSource);
  });

  afterAll(async () => {
    await database?.close();
  });

  async function newVariant(appName: string) {
    const app = await useCases.createApp.execute(actor, { appName });
    const view = await useCases.createVariant.execute(actor, {
      appId: app.id, variantName: 'main', url: 'http://127.0.0.1:9/', parameters: { temperature: 0.1 },
    });
    return { app, view };
  }

  it('finds API keys by hash and scopes revocation to the project', async () => {
    const keys = new TypeOrmApiKeyRepository(dataSource);
    const [key] = (await keys.list(actor.projectId, everything)).items;
    expect(await keys.findByHash(key!.keyHash)).toEqual(key);
    expect(await keys.revoke(otherActor.projectId, key!.id, new Date())).toBe(false);
    expect(await keys.findByHash(key!.keyHash)).toMatchObject({ revokedAt: null });
  });

  it('keeps a revoked key findable by its hash, marked revoked, and lists it no more', async () => {
    const keys = new TypeOrmApiKeyRepository(dataSource);
    const issued = issueApiKey(actor.projectId, 'to revoke', 'editor');
    await keys.create(issued.key);
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(await keys.revoke(actor.projectId, issued.key.id, at)).toBe(true);
    expect(await keys.revoke(actor.projectId, issued.key.id, new Date())).toBe(false);
    expect(await keys.findByHash(issued.key.keyHash)).toMatchObject({ id: issued.key.id, revokedAt: at });
    expect((await keys.list(actor.projectId, everything)).items.map((k) => k.id)).not.toContain(issued.key.id);
  });

  it('records a key\'s last use at most once a minute, without telling the api processes that keys changed', async () => {
    const keys = new TypeOrmApiKeyRepository(dataSource);
    const issued = issueApiKey(actor.projectId, 'busy', 'editor', { createdBy: 'ci' });
    await keys.create(issued.key);
    const listed = async () => (await keys.list(actor.projectId, everything)).items.find((k) => k.id === issued.key.id);
    expect(await listed()).toMatchObject({ createdBy: 'ci', lastUsedAt: null });
    expect(await keys.findByHash(issued.key.keyHash)).toMatchObject({ id: issued.key.id });
    const at = new Date('2026-01-02T03:04:05.000Z');
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    await keys.recordUse(issued.key.id, at);
    await keys.recordUse(issued.key.id, later(59));
    expect((await listed())!.lastUsedAt).toEqual(at);
    await keys.recordUse(issued.key.id, later(60));
    expect((await listed())!.lastUsedAt).toEqual(later(60));
    expect(await countQueries(dataSource, () => keys.findByHash(issued.key.keyHash))).toBe(0);
  });

  it('serves a found key without a query while no key changed, and sees any change to keys at the next lookup', async () => {
    const keys = new TypeOrmApiKeyRepository(dataSource);
    const [key] = (await keys.list(otherActor.projectId, everything)).items;
    expect(await keys.findByHash(key!.keyHash)).toEqual(key);
    expect(await countQueries(dataSource, () => keys.findByHash(key!.keyHash))).toBe(0);
    // Changed on another connection (another process, on PostgreSQL): seen by the very next lookup.
    const role = key!.role === 'admin' ? 'editor' : 'admin';
    await runElsewhere(dataSource, 'UPDATE api_keys SET role = $2 WHERE id = $1', [key!.id, role]);
    expect(await keys.findByHash(key!.keyHash)).toMatchObject({ id: key!.id, role });
    await runElsewhere(dataSource, 'DELETE FROM api_keys WHERE id = $1', [key!.id]);
    expect(await keys.findByHash(key!.keyHash)).toBeNull();
    expect(await keys.findByHash(key!.keyHash)).toBeNull();
  });

  it('moves the keys\' change mark once it hears of a change to keys made elsewhere, reading nothing for the mark', async () => {
    const [key] = (await new TypeOrmApiKeyRepository(dataSource).list(actor.projectId, everything)).items;
    const marks = new NoticeChangeMarks(dataSource);
    const before = marks.markOf('api_keys');
    expect(before).not.toBeNull();
    expect(await countQueries(dataSource, async () => marks.markOf('api_keys'))).toBe(0);
    await runElsewhere(dataSource, 'UPDATE api_keys SET name = name WHERE id = $1', [key!.id]);
    // PostgreSQL delivers the notice a moment after the commit; PGlite before the statement answers.
    for (const giveUpAt = Date.now() + 10_000; marks.markOf('api_keys') === before && Date.now() < giveUpAt;) await new Promise((tick) => setTimeout(tick, 5));
    expect(marks.markOf('api_keys')).not.toEqual(before);
  });

  it('moves a project\'s deployments mark once it hears of a change to its environments made elsewhere, and that project\'s only', async () => {
    const { app, view } = await newVariant('heard-deployments');
    await useCases.deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id });
    const marks = new NoticeChangeMarks(dataSource);
    const before = { own: marks.markOf('deployments', actor.projectId), other: marks.markOf('deployments', otherActor.projectId) };
    expect(before.own).not.toBeNull();
    await runElsewhere(dataSource, 'UPDATE environments SET revision = revision WHERE app_id = $1', [app.id]);
    for (const giveUpAt = Date.now() + 10_000; marks.markOf('deployments', actor.projectId) === before.own && Date.now() < giveUpAt;) {
      await new Promise((tick) => setTimeout(tick, 5));
    }
    expect(marks.markOf('deployments', actor.projectId)).not.toEqual(before.own);
    expect(marks.markOf('deployments', otherActor.projectId)).toEqual(before.other);
  });

  it('gives 50 concurrent parameter updates revisions 2..51, none lost', async () => {
    const { view } = await newVariant('concurrent-params');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        useCases.updateParameters.execute(actor, { variantId: view.variant.id, parameters: { temperature: i } })),
    );
    expect(results.map((r) => r.latest.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const revisions = (await useCases.variants.listRevisions(actor.projectId, view.variant.id, everything)).items;
    expect(revisions.map((r) => r.revision)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    const latest = await useCases.variants.findView(actor.projectId, view.variant.id);
    expect(latest!.variant.revision).toBe(51);
    expect(latest!.latest.revision).toBe(51);
  });

  it('gives 50 concurrent deploys 50 distinct consecutive environment revisions', async () => {
    const { app, view } = await newVariant('concurrent-deploys');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        useCases.deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id })),
    );
    expect(results.map((r) => r.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const environment = await useCases.environments.findByName(actor.projectId, app.id, 'production');
    expect(environment!.revision).toBe(50);
    expect((await useCases.environments.history(actor.projectId, environment!.id))).toHaveLength(50);
  });

  it('reverts by appending a revision that points at the older deployment', async () => {
    const { app, view } = await newVariant('revert');
    const first = await useCases.deploy.execute(actor, { appId: app.id, environmentName: 'staging', variantId: view.variant.id });
    await useCases.updateParameters.execute(actor, { variantId: view.variant.id, parameters: { temperature: 0.9 } });
    const second = await useCases.deploy.execute(actor, { appId: app.id, environmentName: 'staging', variantId: view.variant.id });
    expect(second.deployedVariantRevision).toBe(2);
    const reverted = await useCases.revert.execute(actor, { environmentRevisionId: first.id });
    expect(reverted).toMatchObject({ revision: 3, deployedVariantRevisionId: first.deployedVariantRevisionId, deployedVariantRevision: 1 });
  });

  it('refuses to delete a deployed variant and hides other projects', async () => {
    const { app, view } = await newVariant('delete-deployed');
    await useCases.deploy.execute(actor, { appId: app.id, environmentName: 'development', variantId: view.variant.id });
    await expect(useCases.deleteVariant.execute(actor, view.variant.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(useCases.deleteVariant.execute(otherActor, view.variant.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await useCases.variants.findView(otherActor.projectId, view.variant.id)).toBeNull();
  });

  it('rejects a taken app name and a taken variant name with a conflict', async () => {
    const { app } = await newVariant('names');
    await expect(useCases.createApp.execute(actor, { appName: 'names' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(useCases.createVariant.execute(actor, { appId: app.id, variantName: 'main', url: 'http://127.0.0.1:9', baseName: 'other' }))
      .rejects.toMatchObject({ code: 'conflict' });
    expect(await useCases.createApp.execute(otherActor, { appName: 'names' })).toMatchObject({ name: 'names' });
  });
});
