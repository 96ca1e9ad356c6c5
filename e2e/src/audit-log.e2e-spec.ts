import { randomUUID } from 'node:crypto';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { watchAuditLog } from './support/audit-log';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';

/** ARCHITECTURE §17: every change writes exactly one event naming who made it and what it touched; a refusal writes none. */
describe.each<Engine>(['pglite', 'postgres'])('the audit log on %s', (engine) => {
  let server: RunningApi;
  let projectId: string;
  let bootstrapKey: { id: string; name: string };
  let log: Awaited<ReturnType<typeof watchAuditLog>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // Variants point at a service nobody runs: evaluations of them end in errors, which is no concern of the log.
    server = await startApi(engine, { outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 1_000_000 } });
    const current = await ok(server.api.GET('/projects/current'));
    projectId = current.project_id;
    bootstrapKey = current.api_key;
    log = await watchAuditLog(server.api);
  }, 120_000);
  afterAll(() => server?.close());

  const byBootstrapKey = () => ({ type: 'api_key', id: bootstrapKey.id, name: bootstrapKey.name });

  it('writes one event per change, naming the key that made it and the resource', async () => {
    const { api } = server;
    const app = await ok(api.POST('/apps', { body: { app_name: 'support-bot' } }));
    ids['app'] = app.app_id;
    expect(await log.expectOneEventFor('POST /apps', { answer: app, body: { app_name: 'support-bot' } })).toMatchObject({
      project_id: projectId, actor: byBootstrapKey(), action: 'app.create', resource_type: 'app', resource_id: app.app_id,
      summary: 'created app "support-bot"', ip: expect.stringMatching(/127\.0\.0\.1/), at: expect.any(String),
    });

    const ofApp = { app_id: app.app_id };
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: ofApp }, body: { variant_name: 'terse', url: 'http://127.0.0.1:9', parameters: { temperature: 0 } },
    }));
    ids['variant'] = variant.variant_id;
    expect((await log.expectOneEventFor('POST /apps/{app_id}/variant/from-service', { answer: variant, params: ofApp })).summary)
      .toBe('created variant "terse" of app "support-bot" from a service');

    const ofVariant = { variant_id: variant.variant_id };
    const revision1 = (await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: ofVariant } })))[0]!;
    const saved = await ok(api.PUT('/variants/{variant_id}/parameters', { params: { path: ofVariant }, body: { parameters: { temperature: 1 }, commit_message: 'warmer' } }));
    expect((await log.expectOneEventFor('PUT /variants/{variant_id}/parameters', { answer: saved, params: ofVariant })).summary)
      .toMatch(/^saved revision 2 of variant ".*terse"$/);

    const deployBody = (revision: number) => ({ app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id, revision });
    const first = await ok(api.POST('/environments/deploy', { body: deployBody(1) }));
    expect((await log.expectOneEventFor('POST /environments/deploy', { answer: first, body: deployBody(1) })).summary)
      .toMatch(/^deployed revision 1 of variant ".*terse" to production$/);
    const second = await ok(api.POST('/environments/deploy', { body: deployBody(2) }));
    await log.expectOneEventFor('POST /environments/deploy', { answer: second, body: deployBody(2) });
    const ofRevision = { environment_revision_id: first.id };
    const reverted = await ok(api.POST('/environments/revisions/{environment_revision_id}/revert', { params: { path: ofRevision }, body: {} }));
    expect((await log.expectOneEventFor('POST /environments/revisions/{environment_revision_id}/revert', { answer: reverted, params: ofRevision })).summary)
      .toMatch(/^reverted an environment to revision 1 of variant ".*terse"/);

    const testset = await ok(api.POST('/testsets', { body: { name: 'capitals', csvdata: [{ input: 'Paris', correct_answer: 'Paris' }], app_id: app.app_id } }));
    ids['testset'] = testset.id;
    expect((await log.expectOneEventFor('POST /testsets', { answer: testset })).summary).toBe('created test set "capitals"');
    const config = await ok(api.POST('/evaluators/configs', { body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} } }));
    await log.expectOneEventFor('POST /evaluators/configs', { answer: config });

    const evaluationBody = {
      app_id: app.app_id, revisions_ids: [revision1.id], evaluators_configs: [config.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT,
    };
    const idempotent = { header: { 'Idempotency-Key': `audit-${engine}` } };
    const evaluations = await ok(api.POST('/evaluations', { params: idempotent, body: evaluationBody }));
    expect((await log.expectOneEventFor('POST /evaluations', { answer: evaluations })).resource_id).toBe(evaluations[0]!.id);
    // A retry answered from the first answer changed nothing: no second event.
    expect(await ok(api.POST('/evaluations', { params: idempotent, body: evaluationBody }))).toEqual(evaluations);
    await log.expectNoNewEvent();
    await waitForTerminal(api, evaluations[0]!.id);

    const ofProject = { project_id: projectId };
    const ci = await ok(api.POST('/projects/{project_id}/api-keys', { params: { path: ofProject }, body: { name: 'ci' } }));
    ids['ci'] = ci.id;
    expect((await log.expectOneEventFor('POST /projects/{project_id}/api-keys', { answer: ci })).summary).toBe('created API key "ci" with the role editor');

    // A change made with another key is signed by that key.
    const byCi = await ok(server.withKey(ci.key).POST('/apps', { body: { app_name: 'made-by-ci' } }));
    expect(await log.expectOneEventFor('POST /apps', { answer: byCi })).toMatchObject({ actor: { type: 'api_key', id: ci.id, name: 'ci' } });

    const ofKey = { project_id: projectId, key_id: ci.id };
    expect((await api.DELETE('/projects/{project_id}/api-keys/{key_id}', { params: { path: ofKey } })).response.status).toBe(204);
    expect(await log.expectOneEventFor('DELETE /projects/{project_id}/api-keys/{key_id}', { params: ofKey }))
      .toMatchObject({ action: 'api_key.revoke', resource_type: 'api_key', resource_id: ci.id, actor: byBootstrapKey() });
  }, 120_000);

  it('writes nothing for a request that fails, is refused, or only reads', async () => {
    const { api } = server;
    expect((await answer(api.POST('/apps', { body: { app_name: '' } }))).status).toBe(422);
    expect((await answer(api.DELETE('/apps/{app_id}', { params: { path: { app_id: randomUUID() } } }))).status).toBe(404);
    expect((await answer(api.POST('/environments/deploy', { body: { environment_name: 'production', variant_id: randomUUID() } }))).status).toBe(404);
    expect((await answer(api.POST('/projects/{project_id}/api-keys', { params: { path: { project_id: randomUUID() } }, body: { name: 'x' } }))).status)
      .toBeGreaterThanOrEqual(400);
    expect((await server.withKey('crc_not-a-key').POST('/apps', { body: { app_name: 'nobody' } })).response.status).toBe(401);
    expect((await answer(api.POST('/evaluators/{evaluator_key}/run', {
      params: { path: { evaluator_key: 'auto_exact_match' } }, body: { output: 'Rome', correct_answer: 'Rome' },
    }))).status).toBe(200);
    await ok(api.GET('/apps'));
    await log.expectNoNewEvent();
  });

  it('filters by resource, actor, action and time, and pages newest first', async () => {
    const { api } = server;
    const everything = await ok(api.GET('/audit-events'));
    expect(everything.map((e) => e.action)).toEqual([
      'api_key.revoke', 'app.create', 'api_key.create', 'evaluation.create', 'evaluator_config.create', 'testset.create', 'environment.revert',
      'environment.deploy', 'environment.deploy', 'variant.update', 'variant.create', 'app.create',
    ]);
    const query = async (q: Record<string, string | number>) => ok(api.GET('/audit-events', { params: { query: q } }));

    expect((await query({ resource_type: 'app', resource_id: ids['app']! })).map((e) => e.summary)).toEqual(['created app "support-bot"']);
    expect((await query({ resource_type: 'api_key', resource_id: ids['ci']! })).map((e) => e.action)).toEqual(['api_key.revoke', 'api_key.create']);
    expect((await query({ actor_id: ids['ci']! })).map((e) => e.summary)).toEqual(['created app "made-by-ci"']);
    expect((await query({ action: 'environment.deploy' }))).toHaveLength(2);
    const oldest = everything.at(-1)!;
    const newest = everything[0]!;
    expect((await query({ to: oldest.at })).length).toBe(0);
    expect((await query({ from: newest.at })).map((e) => e.id)).toContain(newest.id);
    expect((await query({ from: oldest.at, to: new Date(Date.parse(newest.at) + 1).toISOString() })).length).toBe(everything.length);

    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, response } = await api.GET('/audit-events', { params: { query: { limit: 5, ...(cursor ? { cursor } : {}) } } });
      paged.push(...data!.map((e) => e.id));
      const next = /[?&]cursor=([^&>]+)/.exec(response.headers.get('link') ?? '')?.[1];
      cursor = next === undefined ? undefined : decodeURIComponent(next);
    } while (cursor !== undefined);
    expect(paged).toEqual(everything.map((e) => e.id));
  });

  it('answers 422 naming the field for a filter or page it cannot read', async () => {
    const refused = async (query: Record<string, string | number>) => {
      const { response, error } = await server.api.GET('/audit-events', { params: { query: query as never } });
      return { status: response.status, loc: (error as unknown as { detail: Array<{ loc: string[] }> }).detail[0]?.loc };
    };
    expect(await refused({ from: 'yesterday' })).toEqual({ status: 422, loc: ['query', 'from'] });
    expect(await refused({ limit: 0 })).toEqual({ status: 422, loc: ['query', 'limit'] });
    expect(await refused({ cursor: 'not-a-cursor' })).toEqual({ status: 422, loc: ['query', 'cursor'] });
  });

  it('keeps each project\'s log to itself', async () => {
    const other = await ok(server.api.POST('/projects', { body: { name: 'elsewhere' } }));
    await log.expectOneEventFor('POST /projects', { answer: other });
    // A key of one project reaches no other: the attempt is refused and written nowhere.
    const minted = await answer(server.api.POST('/projects/{project_id}/api-keys', { params: { path: { project_id: other.project_id } }, body: { name: 'x' } }));
    expect(minted.status).toBe(404);
    await log.expectNoNewEvent();
    const theirs = await ok(server.withKey(other.api_key!.key).GET('/audit-events'));
    expect(theirs).toEqual([]);
  });
});
