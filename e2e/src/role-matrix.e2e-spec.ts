import { PERMISSIONS } from '@crucible/api';
import type { CrucibleClient } from '@crucible/client';
import { type ProjectRole, roleAtLeast } from '@crucible/domain';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ok } from './support/api-answers';
import { type RunningApi, startApi } from './support/api-harness';
import { type ExampleStack, startCompletionExample } from './support/example-service';
import { OPERATION_RECIPES, type RecipeFixtures, createRecipeFixtures } from './support/operation-recipes';
import { overrideEnvironment } from './support/process-environment';

const MOCK_KEY = 'sk-mock-role-matrix-0123';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Who calls: a client authenticated as somebody with a role in the fixtures' project. */
interface Caller {
  label: string;
  role: ProjectRole;
  connect(server: RunningApi, setup: CrucibleClient, fixtures: RecipeFixtures): Promise<CrucibleClient>;
}

const apiKeyCaller = (role: Exclude<ProjectRole, 'owner'>): Caller => ({
  label: `an API key with the role ${role}`,
  role,
  async connect(server, setup, fixtures) {
    const issued = await ok(setup.POST('/projects/{project_id}/api-keys', {
      params: { path: { project_id: fixtures.projectId } }, body: { name: `matrix-${role}`, role },
    }));
    return server.withKey(issued.key);
  },
});

/** Session users (type user, cookie auth) join here as more callers, one line each. */
const CALLERS: Caller[] = [apiKeyCaller('admin'), apiKeyCaller('editor'), apiKeyCaller('annotator'), apiKeyCaller('viewer')];

/** The least role a case needs, as the permission table says: null for a public operation. */
function neededRole(operation: string, production: boolean): ProjectRole | null {
  const permission = PERMISSIONS[operation];
  if (!permission) throw new Error(`${operation} has no entry in the permission table`);
  if ('public' in permission) return null;
  if ('anyCaller' in permission) return permission.keyRole ?? null;
  return production ? permission.production!.role : permission.role;
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
  let operations: string[];
  let restoreEnvironment = (): void => undefined;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${(counter += 1)}`;

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    example = await startCompletionExample();
    // A model's connection is the project's own: no OPENAI_* fallback.
    restoreEnvironment = overrideEnvironment({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
    server = await startApi('pglite', { outbound: OUTBOUND });
    fixtures = await createRecipeFixtures(server.api, { mockUrl: mock.url, mockKey: MOCK_KEY, serviceUrl: example.service.url });
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
    const as = await caller.connect(server, server.api, fixtures);
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const [index, recipe] of (OPERATION_RECIPES[operation] ?? []).entries()) {
        const needed = neededRole(operation, recipe.production === true);
        const allowed = needed === null || roleAtLeast(caller.role, needed);
        const name = `${operation}${recipe.production ? ' (production)' : OPERATION_RECIPES[operation]!.length > 1 ? ` (case ${index + 1})` : ''}`;
        let outcome: Awaited<ReturnType<typeof recipe.call>>;
        try {
          outcome = await recipe.call({ as, setup: server.api, fixtures, unique });
        } catch (error) {
          wrong.push(`${name}: the recipe failed: ${String(error)}`);
          continue;
        }
        const { status } = outcome.response;
        const detail = JSON.stringify((outcome.error as { detail?: unknown } | undefined)?.detail ?? null);
        if (allowed && (status < 200 || status > 299)) wrong.push(`${name}: expected 2xx, got ${status} ${detail}`);
        if (!allowed && (status !== 403 || !detail.includes(`needs the ${needed} role`))) {
          wrong.push(`${name}: expected 403 naming the ${needed} role, got ${status} ${detail}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('refuses a viewer creating anything and an annotator editing a variant, naming the role needed; lets an annotator score', async () => {
    const viewer = await apiKeyCaller('viewer').connect(server, server.api, fixtures);
    const annotator = await apiKeyCaller('annotator').connect(server, server.api, fixtures);
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
    const editor = await apiKeyCaller('editor').connect(server, server.api, fixtures);
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
    const viewer = await apiKeyCaller('viewer').connect(server, server.api, fixtures);
    const elsewhere = (await ok(server.api.POST('/projects', { body: { name: unique('elsewhere') } }))).project_id;
    const listed = await viewer.GET('/projects/{project_id}/api-keys', { params: { path: { project_id: elsewhere } } });
    expect({ status: listed.response.status, error: listed.error }).toEqual({ status: 404, error: { detail: `project ${elsewhere} not found` } });
  });
});
