import { DataSource } from 'typeorm';
import { PERMISSIONS, expectedEventOf } from '@crucible/api';
import { type CrucibleClient, createCrucibleClient } from '@crucible/client';
import { type ProjectRole, roleAtLeast } from '@crucible/domain';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ok } from './support/api-answers';
import { type RunningApi, startApi } from './support/api-harness';
import { watchAuditLog } from './support/audit-log';
import { cookiesOf, sessionClient } from './support/browser-cookies';
import { type ExampleStack, startCompletionExample } from './support/example-service';
import { OPERATION_RECIPES, type OperationCase, type RecipeFixtures, createRecipeFixtures, tokenOf } from './support/operation-recipes';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-mock-role-matrix-0123';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type CallerKind = 'api_key' | 'session';
type Fetch = (request: Request) => Promise<Response>;

/** What a suite has to connect callers with: the api, its fixtures, and a client with no credentials. */
interface World {
  server: RunningApi;
  fixtures: RecipeFixtures;
  anonymous: CrucibleClient;
}

interface Connected {
  as: CrucibleClient;
  /** Another session of the same person; none for a key. */
  signInAgain?: () => Promise<CrucibleClient>;
}

/** Who calls: a client authenticated as somebody with a role in the fixtures' project. */
interface Caller {
  label: string;
  role: ProjectRole;
  kind: CallerKind;
  connect(world: World): Promise<Connected>;
}

const apiKeyCaller = (role: Exclude<ProjectRole, 'owner'>): Caller => ({
  label: `an API key with the role ${role}`,
  role,
  kind: 'api_key',
  async connect({ server, fixtures }) {
    const issued = await ok(server.api.POST('/projects/{project_id}/api-keys', {
      params: { path: { project_id: fixtures.projectId } }, body: { name: `matrix-${role}`, role },
    }));
    return { as: server.withKey(issued.key) };
  },
});

/** Signs a person in as the console does: the answer's cookies, sent back with the CSRF header and the api's Origin. */
async function signIn({ server, anonymous }: World, email: string, password: string, fetch?: Fetch): Promise<CrucibleClient> {
  const { response } = await anonymous.POST('/auth/sign-in', { body: { email, password } });
  if (!response.ok) throw new Error(`signing in ${email} answered ${response.status}`);
  return sessionClient(server.baseUrl, cookiesOf(response), fetch);
}

/**
 * A person signed in by cookie: the owner is the one the first-run link made; the others were invited by an admin
 * key with their role and joined with a password, keeping the session cookies accepting the invitation sets.
 */
const personCaller = (role: ProjectRole): Caller => ({
  label: `a signed-in ${role}`,
  role,
  kind: 'session',
  async connect(world) {
    const { server, fixtures, anonymous } = world;
    if (role === 'owner') {
      const { email, password } = fixtures.owner;
      return { as: await signIn(world, email, password), signInAgain: () => signIn(world, email, password) };
    }
    const email = `${role}@matrix.example.com`;
    const password = `the ${role} password`;
    const invited = await ok(server.api.POST('/projects/{project_id}/invitations', {
      params: { path: { project_id: fixtures.projectId } }, body: { email, role },
    }));
    const { response } = await anonymous.POST('/auth/accept-invitation', { body: { token: tokenOf(invited.invite_url), name: `Matrix ${role}`, password } });
    if (!response.ok) throw new Error(`accepting the invitation of ${email} answered ${response.status}`);
    return { as: sessionClient(server.baseUrl, cookiesOf(response)), signInAgain: () => signIn(world, email, password) };
  },
});

/** Every role, by API key and by session; an owner has no key (keys carry admin at most). */
const CALLERS: Caller[] = [
  apiKeyCaller('admin'), apiKeyCaller('editor'), apiKeyCaller('annotator'), apiKeyCaller('viewer'),
  personCaller('owner'), personCaller('admin'), personCaller('editor'), personCaller('annotator'), personCaller('viewer'),
];

/** The least role a case needs, as the permission table says: null when any caller of that kind may call it. */
function neededRole(operation: string, production: boolean, kind: CallerKind): ProjectRole | null {
  const permission = PERMISSIONS[operation];
  if (!permission) throw new Error(`${operation} has no entry in the permission table`);
  if ('public' in permission) return null;
  if ('anyCaller' in permission) return kind === 'api_key' ? permission.keyRole ?? null : null;
  return production ? permission.production!.role : permission.role;
}

const byNatureFor = (recipe: OperationCase, kind: CallerKind) =>
  (recipe.byNature && (recipe.byNature.callers === 'everyone' || recipe.byNature.callers === kind) ? recipe.byNature : undefined);

/** Remembers the last request a client sent, to read back the path parameters and JSON body an operation was called with. */
function requestRecorder() {
  let last: Request | undefined;
  return {
    fetch: (async (request: Request) => {
      last = request.clone();
      return fetch(request);
    }) as Fetch,
    /** The last request's facts, once: none when the operation was not sent through this client. */
    async sent(operation: string): Promise<{ params: Record<string, string>; body: unknown }> {
      const request = last;
      last = undefined;
      if (!request) return { params: {}, body: undefined };
      const template = operation.split(' ')[1]!.split('/');
      const actual = new URL(request.url).pathname.split('/');
      const params = Object.fromEntries(template.flatMap((part, index) =>
        (part.startsWith('{') ? [[part.slice(1, -1), decodeURIComponent(actual[index] ?? '')]] : [])));
      const json = request.headers.get('content-type')?.includes('application/json');
      const text = json ? await request.text() : '';
      return { params, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/**
 * ARCHITECTURE §17, issue 40: every operation of /openapi.json, called by every caller, answers as the permission
 * table says — 2xx when the caller's role is enough, 403 naming the role needed when it is not.
 */
describe('the role matrix', () => {
  let server: RunningApi;
  let mock: MockLlmServer;
  let example: ExampleStack;
  let fixtures: RecipeFixtures;
  let world: World;
  let operations: string[];
  let restoreEnvironment = (): void => undefined;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${(counter += 1)}`;

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    example = await startCompletionExample();
    // A model's connection is the project's own: no OPENAI_* fallback.
    restoreEnvironment = overrideEnvironment({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
    // The first-run link is printed on stdout, once, as the api starts on an empty database.
    let printed = '';
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    try {
      server = await startApi('pglite', { outbound: OUTBOUND });
    } finally {
      write.mockRestore();
    }
    const setupToken = decodeURIComponent(/\/ui\/setup\?token=([\w%-]+)/.exec(printed)![1]!);
    const anonymous = createCrucibleClient({ baseUrl: server.baseUrl, headers: { origin: server.baseUrl } });
    fixtures = await createRecipeFixtures(server.api, { mockUrl: mock.url, mockKey: MOCK_KEY, serviceUrl: example.service.url, anonymous, setupToken });
    world = { server, fixtures, anonymous };
    const document = await server.client.withKey(undefined).get<{ paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>> }>('/openapi.json');
    operations = Object.entries(document.body.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [`${method.toUpperCase()} ${path}`] : [])));
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await example?.close();
    await mock?.close();
    restoreEnvironment();
  });

  it('has a request recipe for every operation of /openapi.json, and none for an operation it does not serve', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => !OPERATION_RECIPES[operation])).toEqual([]);
    expect(Object.keys(OPERATION_RECIPES).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it.each(CALLERS.map((caller) => [caller.label, caller] as const))('answers %s as the permission table says', async (_label, caller) => {
    const { as, signInAgain } = await caller.connect(world);
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const [index, recipe] of (OPERATION_RECIPES[operation] ?? []).entries()) {
        const needed = neededRole(operation, recipe.production === true, caller.kind);
        const allowed = needed === null || roleAtLeast(caller.role, needed);
        const byNature = byNatureFor(recipe, caller.kind);
        const name = `${operation}${recipe.production ? ' (production)' : OPERATION_RECIPES[operation]!.length > 1 ? ` (case ${index + 1})` : ''}`;
        let outcome: Awaited<ReturnType<typeof recipe.call>>;
        try {
          outcome = await recipe.call({ as, setup: server.api, anonymous: world.anonymous, withKey: server.withKey, signInAgain, fixtures, unique });
        } catch (error) {
          wrong.push(`${name}: the recipe failed: ${String(error)}`);
          continue;
        }
        const { status } = outcome.response;
        const detail = JSON.stringify((outcome.error as { detail?: unknown } | undefined)?.detail ?? null);
        if (byNature) {
          if (status !== byNature.status) wrong.push(`${name}: expected ${byNature.status} (${byNature.why}), got ${status} ${detail}`);
          continue;
        }
        if (allowed && (status < 200 || status > 299)) wrong.push(`${name}: expected 2xx, got ${status} ${detail}`);
        if (!allowed && (status !== 403 || !detail.includes(`needs the ${needed} role`))) {
          wrong.push(`${name}: expected 403 naming the ${needed} role, got ${status} ${detail}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('writes exactly one audit event for every mutating operation, naming the person who made it and the resource', async () => {
    const recorder = requestRecorder();
    const { email, password, id: ownerId, name: ownerName } = fixtures.owner;
    /** A deleted project's log is read by no route; its events stay in the table, the deletion last, signed by its owner. */
    const expectProjectDeletionKept = async (projectId: string, resourceId: string | null) => {
      const events: unknown[] = await server.app.get(DataSource).query(
        'SELECT action, resource_id, actor_type, actor_id, actor_name FROM audit_events WHERE project_id = $1 ORDER BY at DESC, id DESC', [projectId]);
      expect(events.filter((event) => (event as { action: string }).action === 'project.delete')).toHaveLength(1);
      expect(events[0]).toEqual({ action: 'project.delete', resource_id: resourceId, actor_type: 'user', actor_id: ownerId, actor_name: ownerName });
    };
    const owner = await signIn(world, email, password, recorder.fetch);
    const log = await watchAuditLog(server.api);
    const wrong: string[] = [];
    let audited = 0;
    for (const operation of operations.filter((candidate) => MUTATING.has(candidate.split(' ')[0]!))) {
      for (const [index, recipe] of OPERATION_RECIPES[operation]!.entries()) {
        // A call nobody can make (the spent first-run link) changes nothing; the setup's own event is checked below.
        if (byNatureFor(recipe, 'session')) continue;
        const name = `${operation}${OPERATION_RECIPES[operation]!.length > 1 ? ` (case ${index + 1})` : ''}`;
        try {
          const outcome = await recipe.call({
            as: owner, setup: server.api, anonymous: world.anonymous, withKey: server.withKey, signInAgain: () => signIn(world, email, password), fixtures, unique,
          });
          if (!outcome.response.ok) throw new Error(`the call answered ${outcome.response.status} ${JSON.stringify(outcome.error)}`);
          const sent = { ...(await recorder.sent(operation)), answer: outcome.data };
          const expected = expectedEventOf(operation, sent);
          if (!expected) {
            await log.expectNoNewEvent(ownerId);
            continue;
          }
          if (expected.action === 'project.delete') {
            await expectProjectDeletionKept(sent.params['project_id']!, expected.resourceId);
            // The recipe made the project it deleted: that event went to the project the owner acts in first.
            expect({ name, events: await log.newEventsBy(ownerId) }).toEqual({ name, events: [`project.create ${sent.params['project_id']}`] });
            audited += 1;
            continue;
          }
          // A public operation's event names the person it signed in (accepting an invitation: the invitee).
          const joined = (outcome.data as { user?: { id: string; name: string } } | undefined)?.user;
          const actor = operation.startsWith('POST /auth/') && joined ? { type: 'user', id: joined.id, name: joined.name } : { type: 'user', id: ownerId, name: ownerName };
          const event = await log.expectOneEventFor(operation, sent, actor.id);
          expect({ name, actor: event.actor, project: event.project_id }).toEqual({ name, actor, project: fixtures.projectId });
          audited += 1;
        } catch (error) {
          wrong.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(audited).toBeGreaterThan(50);
    // The first-run setup wrote its own: the owner joined, signed by the owner.
    const joined = await ok(server.api.GET('/audit-events', { params: { query: { action: 'member.join', actor_id: ownerId } } }));
    expect(joined).toEqual([expect.objectContaining({ resource_type: 'member', resource_id: ownerId, actor: { type: 'user', id: ownerId, name: ownerName } })]);
  }, 300_000);

  it('refuses a viewer creating anything and an annotator editing a variant, naming the role needed; lets an annotator score', async () => {
    const viewer = (await apiKeyCaller('viewer').connect(world)).as;
    const annotator = (await apiKeyCaller('annotator').connect(world)).as;
    const created = await viewer.POST('/apps', { body: { app_name: unique('by-viewer') } });
    expect({ status: created.response.status, error: created.error })
      .toEqual({ status: 403, error: { detail: 'POST /apps needs the editor role; "matrix-viewer" has the role viewer' } });
    const edited = await annotator.PUT('/variants/{variant_id}/parameters', {
      params: { path: { variant_id: fixtures.variantId } }, body: { parameters: fixtures.parameters },
    });
    expect({ status: edited.response.status, error: edited.error }).toEqual({
      status: 403, error: { detail: 'PUT /variants/{variant_id}/parameters needs the editor role; "matrix-annotator" has the role annotator' },
    });
    const scored = await annotator.POST('/scores', { body: { trace_id: fixtures.traceId, config_id: fixtures.scoreConfigId, value: 2 } });
    expect(scored.data).toMatchObject({ value: 2, author: 'matrix-annotator' });
  });

  it('says why an editor may not deploy to production, and lets it deploy to staging', async () => {
    const editor = (await apiKeyCaller('editor').connect(world)).as;
    const deploy = (environment: string) => editor.POST('/environments/deploy', {
      body: { app_id: fixtures.appId, environment_name: environment, variant_id: fixtures.variantId },
    });
    const refused = await deploy('production');
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual({ detail: 'deploying to production needs the admin role; "matrix-editor" has the role editor' });
    expect((await deploy('staging')).response.status).toBe(200);
    const revert = await editor.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: fixtures.productionRevisionId } }, body: {},
    });
    expect(revert.error).toEqual({ detail: 'reverting production needs the admin role; "matrix-editor" has the role editor' });
  });

  it('answers 404 for another project\'s keys whatever the role, before any role is looked at', async () => {
    const viewer = (await apiKeyCaller('viewer').connect(world)).as;
    const elsewhere = (await ok(server.api.POST('/projects', { body: { name: unique('elsewhere') } }))).project_id;
    const listed = await viewer.GET('/projects/{project_id}/api-keys', { params: { path: { project_id: elsewhere } } });
    expect({ status: listed.response.status, error: listed.error }).toEqual({ status: 404, error: { detail: `project ${elsewhere} not found` } });
  });
});
