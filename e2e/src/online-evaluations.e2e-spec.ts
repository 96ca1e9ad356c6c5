import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** ARCHITECTURE §18: online evaluation rules — an evaluator config run on sampled live traces of an app. */
describe.each<Engine>(['pglite', 'postgres'])('online evaluations on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let appId: string;
  let otherAppId: string;
  let configId: string;
  let otherAppConfigId: string;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    appId = (await ok(api.POST('/apps', { body: { app_name: 'support-bot' } }))).app_id;
    otherAppId = (await ok(api.POST('/apps', { body: { app_name: 'other-bot' } }))).app_id;
    const config = (app: string, name: string) => ok(api.POST('/evaluators/configs', {
      body: { app_id: app, name, evaluator_key: 'auto_exact_match', settings_values: {} },
    }));
    configId = (await config(appId, 'exact')).id;
    otherAppConfigId = (await config(otherAppId, 'exact-other')).id;
  }, 60_000);
  afterAll(() => server?.close());

  const create = (body: CrucibleSchemas['CreateOnlineEvaluationDto']) => answer(api.POST('/online-evaluations', { body }));
  const rulePath = (ruleId: string) => ({ params: { path: { rule_id: ruleId } } });

  it('creates a rule over an app with its evaluator config, active, with no executions yet', async () => {
    const created = await create({
      name: ' helpfulness ', evaluator_config_id: configId, app_id: appId, environment: 'production',
      filter: { route: '/chat', status: 'ok' }, sampling_rate: 0.25, delay_seconds: 30,
    });
    expect(created).toMatchObject({ status: 200, body: {
      name: 'helpfulness', evaluator_config_id: configId, app_id: appId, environment: 'production', filter: { route: '/chat', status: 'ok' },
      sampling_rate: 0.25, delay_seconds: 30, active: true, executions: { pending: 0, completed: 0, error: 0, skipped: 0 },
    } });
    expect(await ok(api.GET('/online-evaluations/{rule_id}', rulePath(created.body.id)))).toEqual(created.body);
  });

  it('refuses bad input with 422 naming the field, unknown apps and configs included', async () => {
    const base = { name: 'r', evaluator_config_id: configId, app_id: appId, sampling_rate: 0.5 };
    const refused = async (body: CrucibleSchemas['CreateOnlineEvaluationDto'], field: string, words: string) =>
      expect(await create(body)).toMatchObject({ status: 422, body: { detail: [
        expect.objectContaining({ loc: ['body', field], msg: expect.stringContaining(words) }),
      ] } });
    await refused({ ...base, sampling_rate: 1.5 }, 'sampling_rate', 'between 0 and 1');
    await refused({ ...base, sampling_rate: -0.1 }, 'sampling_rate', 'between 0 and 1');
    await refused({ ...base, name: '  ' }, 'name', 'must not be empty');
    await refused({ ...base, delay_seconds: -1 }, 'delay_seconds', '0 or more');
    await refused({ ...base, app_id: UNKNOWN }, 'app_id', `app ${UNKNOWN} not found`);
    await refused({ ...base, evaluator_config_id: UNKNOWN }, 'evaluator_config_id', `evaluator config ${UNKNOWN} not found`);
    await refused({ ...base, evaluator_config_id: otherAppConfigId }, 'evaluator_config_id', 'belongs to another app');
    expect((await create({ ...base, filter: { status: 'maybe' } } as never)).status).toBe(422);
    expect((await answer(api.GET('/online-evaluations/{rule_id}', rulePath(UNKNOWN)))).status).toBe(404);
    expect((await answer(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(UNKNOWN), body: { active: false } }))).status).toBe(404);
  });

  it('pauses and resumes a rule', async () => {
    const rule = (await create({ name: 'pausable', evaluator_config_id: configId, app_id: appId, sampling_rate: 1 })).body;
    const paused = await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: false } }));
    expect(paused).toMatchObject({ id: rule.id, active: false });
    expect(await ok(api.GET('/online-evaluations/{rule_id}', rulePath(rule.id)))).toMatchObject({ active: false });
    expect(await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: true } }))).toMatchObject({ active: true });
  });

  it('lists rules oldest first, one page at a time (§10), never another project\'s', async () => {
    const all = await ok(api.GET('/online-evaluations'));
    expect(all.map((rule) => rule.name)).toEqual(['helpfulness', 'pausable']);
    const first = await answer(api.GET('/online-evaluations', { params: { query: { limit: 1 } } }));
    expect(first.body.map((rule: { name: string }) => rule.name)).toEqual(['helpfulness']);
    expect(first.headers.get('link')).toMatch(/rel="next"/);
    const stranger = server.withKey((await ok(api.POST('/projects', { body: { name: `stranger-${engine}` } }))).api_key.key);
    expect(await ok(stranger.GET('/online-evaluations'))).toEqual([]);
  });
});
