import { Writable } from 'node:stream';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { bootstrapDefaultProject } from '@crucible/api';
import { type CrucibleClient, createCrucibleClient } from '@crucible/client';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ok } from './support/api-answers';
import { BOOTSTRAP_KEY, type Engine, type RunningApi, startApi } from './support/api-harness';
import { cookiesOf, sessionClient } from './support/browser-cookies';
import { overrideEnvironment } from './support/process-environment';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';
import { traceRecord } from './support/operation-recipes';
import { waitFor } from './support/wait-for';

const MOCK_KEY = 'sk-mock-project-delete-0123';
/** PostgreSQL keeps connection secrets sealed with it (PGlite needs none): the doomed project has a connection. */
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const OWNER = { email: 'olga@example.com', name: 'Olga', password: 'owner password' };
const ROWS = [{ input: 'MOCK_REPLY: Paris', correct_answer: 'Paris' }, { input: 'MOCK_REPLY: Rome', correct_answer: 'Rome' }, { input: 'MOCK_REPLY: Lima', correct_answer: 'Lima' }];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every table holding rows of a project, and how many it holds of this one (audit_events is left out: it keeps them). */
async function rowsOfProject(dataSource: DataSource, projectId: string): Promise<Record<string, number>> {
  const tables: Array<{ table_name: string }> = await dataSource.query(`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'project_id' AND table_name <> 'audit_events' ORDER BY table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM "${table}" WHERE project_id = $1`, [projectId]);
    counts[table] = (row as { n: number }).n;
  }
  const [projects] = await dataSource.query('SELECT count(*)::int AS n FROM projects WHERE id = $1', [projectId]);
  return { ...counts, projects: (projects as { n: number }).n };
}

/**
 * Issue 40, ARCHITECTURE §17: "owner also deletes the project". DELETE /projects/{id} takes everything of the project
 * in one transaction, keeps its audit events (the last one saying who deleted it), leaves its members' accounts, and
 * a run it had under way ends quietly.
 */
describe.each<Engine>(['pglite', 'postgres'])('deleting a project on %s', (engine) => {
  let server: RunningApi;
  let mock: MockLlmServer;
  let anonymous: CrucibleClient;
  let owner: CrucibleClient;
  let ownerId: string;
  let defaultProjectId: string;
  let restoreEnvironment = (): void => undefined;
  const logLines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];

  const signIn = async (email: string, password: string) => {
    const { response } = await anonymous.POST('/auth/sign-in', { body: { email, password } });
    if (!response.ok) throw new Error(`signing in ${email} answered ${response.status}`);
    return sessionClient(server.baseUrl, cookiesOf(response));
  };
  const keyClient = (key: string) => createCrucibleClient({ baseUrl: server.baseUrl, apiKey: key });
  const deleteProject = (as: CrucibleClient, projectId: string) => as.DELETE('/projects/{project_id}', { params: { path: { project_id: projectId } } });
  const statusAndDetail = async (call: ReturnType<typeof deleteProject>) => {
    const { response, error } = await call;
    return { status: response.status, detail: (error as { detail?: unknown } | undefined)?.detail };
  };

  /** A project the owner made, with an admin key of it and a member who belongs to nothing else. */
  async function ownersProject(name: string) {
    const project = await ok(owner.POST('/projects', { body: { name } }));
    const ofProject = { params: { path: { project_id: project.id } } };
    const issued = await ok(owner.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: `${name}-admin`, role: 'admin' } }));
    const email = `member-of-${name}@example.com`;
    const invited = await ok(owner.POST('/projects/{project_id}/invitations', { ...ofProject, body: { email, role: 'admin' } }));
    const token = new URL(invited.invite_url).searchParams.get('token')!;
    await ok(anonymous.POST('/auth/accept-invitation', { body: { token, name: `Member of ${name}`, password: 'member password' } }));
    return { id: project.id, admin: keyClient(issued.key), adminKey: issued.key, member: { email, password: 'member password' } };
  }

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    restoreEnvironment = overrideEnvironment({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}) });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    let printed = '';
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    try {
      server = await startApi(engine, { outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 }, logger: pino({ level: 'info' }, sink) });
    } finally {
      write.mockRestore();
    }
    anonymous = createCrucibleClient({ baseUrl: server.baseUrl, headers: { origin: server.baseUrl } });
    const token = decodeURIComponent(/\/ui\/setup\?token=([\w%-]+)/.exec(printed)![1]!);
    const setUp = await ok(anonymous.POST('/auth/setup', { body: { ...OWNER, token } }));
    ownerId = setUp.user.id;
    defaultProjectId = setUp.project.id;
    owner = await signIn(OWNER.email, OWNER.password);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await mock?.close();
    restoreEnvironment();
  });

  it('takes everything of the project in one go, keeps its audit log with the deletion last, and leaves other projects alone', async () => {
    const doomed = await ownersProject('doomed');
    const { admin } = doomed;
    const connection = await ok(admin.POST('/provider-connections', {
      body: { name: 'mock', kind: 'openai_compatible', base_url: mock.url, api_key: MOCK_KEY },
    }));
    const app = await ok(admin.POST('/apps', { body: { app_name: 'doomed-app', template_key: 'completion' } }));
    const variantId = app.variant!.variant_id;
    const [revision] = await ok(admin.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId } } }));
    await ok(admin.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variantId } }));
    const testset = await ok(admin.POST('/testsets', { body: { name: 'doomed', csvdata: ROWS, app_id: app.app_id } }));
    const exact = await ok(admin.POST('/evaluators/configs', {
      body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
    }));
    const evaluate = async (rateLimit: typeof QUICK_RATE_LIMIT) => (await ok(admin.POST('/evaluations', {
      body: { app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: [exact.id], testset_id: testset.id, rate_limit: rateLimit },
    })))[0]!.id;
    await waitForTerminal(admin, await evaluate(QUICK_RATE_LIMIT));
    await ok(admin.POST('/human-evaluations', {
      body: { app_id: app.app_id, evaluation_type: 'single_model_test', revisions_ids: [revision!.id], testset_id: testset.id },
    }));
    await ok(admin.POST('/traces', { body: { traces: ['doomed-1', 'doomed-2'].map(traceRecord) } as never }));
    const stars = await ok(admin.POST('/score-configs', { body: { name: 'stars', data_type: 'numeric', min: 1, max: 5 } }));
    await ok(admin.POST('/scores', { body: { trace_id: 'doomed-1', config_id: stars.id, value: 4 } }));
    const queue = await ok(admin.POST('/annotation-queues', { body: { name: 'doomed', score_config_ids: [stars.id] } }));
    await ok(admin.POST('/annotation-queues/{queue_id}/items', { params: { path: { queue_id: queue.id } }, body: { trace_ids: ['doomed-2'] } }));
    await ok(admin.POST('/models', { body: { provider_connection_id: connection.id, name: 'doomed-model', input_price_per_mtok: 1, output_price_per_mtok: 2 } }));
    await ok(admin.POST('/online-evaluations', { body: { name: 'doomed', evaluator_config_id: exact.id, app_id: app.app_id, sampling_rate: 1 } }));
    await ok(admin.POST('/projects/{project_id}/invitations', { params: { path: { project_id: doomed.id } }, body: { email: 'pending@example.com', role: 'viewer' } }));
    // A run under way, one row per batch two seconds apart: the project goes between its batches.
    const running = await evaluate({ ...QUICK_RATE_LIMIT, batch_size: 1, delay_between_batches: 2 });
    await waitFor('the slow evaluation to be under way', async () =>
      ((await ok(admin.GET('/evaluations/{evaluation_id}', { params: { path: { evaluation_id: running } } }))).status.value === 'EVALUATION_STARTED' ? true : undefined));

    const dataSource = server.app.get(DataSource);
    const before = await rowsOfProject(dataSource, doomed.id);
    const filled = ['apps', 'variants', 'environments', 'testsets', 'evaluations', 'evaluation_scenarios', 'human_evaluations', 'traces',
      'scores', 'annotation_queues', 'online_evaluations', 'provider_connections', 'custom_models', 'api_keys', 'memberships', 'invitations'];
    expect(filled.filter((table) => !(before[table]! > 0))).toEqual([]);
    const elsewhere = await rowsOfProject(dataSource, defaultProjectId);

    expect((await deleteProject(owner, doomed.id)).response.status).toBe(204);

    expect(Object.entries(await rowsOfProject(dataSource, doomed.id)).filter(([, rows]) => rows > 0)).toEqual([]);
    expect(await rowsOfProject(dataSource, defaultProjectId)).toEqual(elsewhere);
    const events: Array<{ action: string; actor_id: string; resource_id: string; summary: string }> = await dataSource.query(
      'SELECT action, actor_id, resource_id, summary FROM audit_events WHERE project_id = $1 ORDER BY at, id', [doomed.id]);
    expect(events.length).toBeGreaterThan(10);
    expect(events.at(-1)).toEqual({
      action: 'project.delete', actor_id: ownerId, resource_id: doomed.id, summary: `deleted project ${doomed.id} and everything in it`,
    });
    await expect(dataSource.query('DELETE FROM audit_events WHERE project_id = $1', [doomed.id])).rejects.toThrow(/append-only: DELETE refused/);

    // The run's next batch finds nothing to do and ends without a word; the project's key and its pages are gone.
    await sleep(3000);
    expect(logLines.filter((line) => line.level >= 40 && JSON.stringify(line).includes(running))).toEqual([]);
    await waitFor('the deleted project\'s key to stop working', async () =>
      ((await doomed.admin.GET('/projects/current')).response.status === 401 ? true : undefined), 10_000);
    expect((await deleteProject(owner, doomed.id)).response.status).toBe(404);
    expect((await ok(owner.GET('/auth/me'))).projects.map((project) => project.id)).toEqual([defaultProjectId]);
  }, 180_000);

  it('leaves a member whose only project it was able to sign in, with no project', async () => {
    const project = await ownersProject('short-lived');
    expect((await deleteProject(owner, project.id)).response.status).toBe(204);
    const member = await signIn(project.member.email, project.member.password);
    expect(await ok(member.GET('/auth/me'))).toMatchObject({ user: { email: project.member.email }, projects: [] });
    expect(await ok(member.GET('/projects'))).toEqual([]);

    // They start again, the console still naming the project that is gone: they own the new one, whose log says so.
    const fresh = await ok(member.POST('/projects', { body: { name: 'starting again' }, headers: { 'x-crucible-project': project.id } }));
    expect(fresh).toMatchObject({ name: 'starting again', role: 'owner' });
    expect((await ok(member.GET('/auth/me'))).projects).toEqual([expect.objectContaining({ id: fresh.id, name: 'starting again', role: 'owner' })]);
    const created: unknown[] = await server.app.get(DataSource).query(
      'SELECT action, resource_id, actor_name FROM audit_events WHERE project_id = $1', [fresh.id]);
    expect(created).toEqual([{ action: 'project.create', resource_id: fresh.id, actor_name: 'Member of short-lived' }]);
    expect((await deleteProject(member, fresh.id)).response.status).toBe(204);
  });

  it('answers 403 naming the owner role to an admin, person or key; 404 for a project unknown or not the caller\'s', async () => {
    const project = await ownersProject('kept');
    const member = await signIn(project.member.email, project.member.password);
    expect(await statusAndDetail(deleteProject(member, project.id))).toEqual({
      status: 403, detail: 'DELETE /projects/{project_id} needs the owner role; "Member of kept" has the role admin',
    });
    expect(await statusAndDetail(deleteProject(project.admin, project.id))).toEqual({
      status: 403, detail: 'DELETE /projects/{project_id} needs the owner role; "kept-admin" has the role admin',
    });
    // The member is in "kept" only; the owner's other project is not theirs to name, even to learn it exists.
    expect(await statusAndDetail(deleteProject(member, defaultProjectId))).toEqual({ status: 404, detail: `project ${defaultProjectId} not found` });
    expect(await statusAndDetail(deleteProject(project.admin, defaultProjectId))).toEqual({ status: 404, detail: `project ${defaultProjectId} not found` });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await statusAndDetail(deleteProject(owner, unknown))).toEqual({ status: 404, detail: `project ${unknown} not found` });
    expect(await statusAndDetail(deleteProject(owner, 'not-an-id'))).toEqual({ status: 404, detail: 'project not-an-id not found' });
    expect((await ok(owner.GET('/auth/me'))).projects.map((each) => each.id)).toContain(project.id);
    expect((await deleteProject(owner, project.id)).response.status).toBe(204);
  });

  it('keeps the default project while others exist; as the last project it goes, and the next start makes it afresh for the bootstrap key', async () => {
    const other = await ownersProject('other');
    expect(await statusAndDetail(deleteProject(owner, defaultProjectId))).toEqual({
      status: 409, detail: expect.stringContaining('is the default project'),
    });
    expect((await deleteProject(owner, other.id)).response.status).toBe(204);
    expect((await deleteProject(owner, defaultProjectId)).response.status).toBe(204);

    expect(await ok(owner.GET('/auth/me'))).toMatchObject({ user: { id: ownerId }, projects: [] });
    const again = await signIn(OWNER.email, OWNER.password);
    expect((await ok(again.GET('/auth/me'))).projects).toEqual([]);
    await waitFor('the bootstrap key to stop working', async () =>
      ((await server.api.GET('/projects/current')).response.status === 401 ? true : undefined), 10_000);

    await bootstrapDefaultProject(server.app, pino({ level: 'silent' }), BOOTSTRAP_KEY);
    const fresh = await ok(server.api.GET('/projects/current'));
    expect(fresh).toMatchObject({ name: 'default' });
    expect(fresh.project_id).not.toBe(defaultProjectId);
    // Nobody is made its member: the people who were keep no project until they make or join one.
    expect((await ok(again.GET('/auth/me'))).projects).toEqual([]);
  });
});
