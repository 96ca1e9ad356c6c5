import type { INestApplication } from '@nestjs/common';
import pino from 'pino';
import { createApiApp } from '../app.factory';
import { buildOpenApiDocument } from '../openapi';
import { PERMISSIONS, type Permission } from './permissions';
import { PUBLIC_ROUTE } from './public.decorator';
import { operationOf, routeHandlers } from './route-table';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Routes a browser navigates (single sign-on's redirects), left out of /openapi.json but guarded like the rest. */
const NAVIGATED = ['GET /auth/oidc/callback', 'GET /auth/oidc/login'];

describe('the permission table', () => {
  let app: INestApplication;
  let documented: string[];

  beforeAll(async () => {
    app = await createApiApp({
      database: { kind: 'pglite', dataDir: null },
      queue: { kind: 'in-process', concurrency: 1 },
      logger: pino({ level: 'silent' }),
    });
    const paths = buildOpenApiDocument(app).paths as Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
    documented = Object.entries(paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [`${method.toUpperCase()} ${path}`] : [])));
  }, 120_000);
  afterAll(() => app?.close());

  it('has an entry for every operation of /openapi.json', () => {
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((operation) => !PERMISSIONS[operation])).toEqual([]);
  });

  it('has no entry for an operation that does not exist', () => {
    expect(Object.keys(PERMISSIONS).filter((operation) => !documented.includes(operation) && !NAVIGATED.includes(operation))).toEqual([]);
  });

  it('names each route as /openapi.json does, so the guard finds the entry of every route the api serves', () => {
    const served = routeHandlers(app).map(({ controller, handler }) => operationOf(controller, handler));
    expect([...served].sort()).toEqual([...documented, ...NAVIGATED].sort());
  });

  it('marks public exactly the routes reachable without a key', () => {
    const decoratedPublic = routeHandlers(app)
      .filter(({ controller, handler }) => Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller))
      .map(({ controller, handler }) => operationOf(controller, handler));
    const tablePublic = Object.entries(PERMISSIONS).filter(([, permission]) => 'public' in permission).map(([operation]) => operation);
    expect(tablePublic.sort()).toEqual(decoratedPublic.sort());
  });

  const roleOf = (permission: Permission) => ('role' in permission ? permission.role : 'anyCaller' in permission ? 'any caller' : 'public');
  const needing = (role: string) => Object.entries(PERMISSIONS).filter(([, permission]) => roleOf(permission) === role).map(([operation]) => operation).sort();

  it('lets a viewer read everything but the project\'s keys, invitations and audit log, and change nothing', () => {
    const reads = Object.keys(PERMISSIONS).filter((operation) => operation.startsWith('GET ') && !('public' in PERMISSIONS[operation]!));
    expect(reads.filter((operation) => roleOf(PERMISSIONS[operation]!) !== 'viewer').sort())
      .toEqual(['GET /audit-events', 'GET /auth/me', 'GET /projects', 'GET /projects/{project_id}/api-keys', 'GET /projects/{project_id}/invitations']);
    expect(needing('viewer').filter((operation) => !operation.startsWith('GET '))).toEqual([]);
  });

  it('lets an annotator vote, score and work annotation queues, and nothing else that changes data', () => {
    expect(needing('annotator')).toEqual([
      'POST /annotation-queues/{queue_id}/items/{item_id}/complete',
      'POST /annotation-queues/{queue_id}/items/{item_id}/skip',
      'POST /annotation-queues/{queue_id}/next',
      'POST /scores',
      'PUT /human-evaluations/{evaluation_id}',
      'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}',
      'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}',
    ]);
  });

  it('keeps members, invitations, API keys, the audit log, provider connections and custom models to admins', () => {
    expect(needing('admin')).toEqual([
      'DELETE /models/{id}',
      'DELETE /projects/{project_id}/api-keys/{key_id}',
      'DELETE /projects/{project_id}/invitations/{invitation_id}',
      'DELETE /projects/{project_id}/members/{user_id}',
      'DELETE /provider-connections/{connection_id}',
      'GET /audit-events',
      'GET /projects/{project_id}/api-keys',
      'GET /projects/{project_id}/invitations',
      'PATCH /models/{id}',
      'PATCH /projects/{project_id}/members/{user_id}',
      'PATCH /provider-connections/{connection_id}',
      'POST /models',
      'POST /projects/{project_id}/api-keys',
      'POST /projects/{project_id}/invitations',
      'POST /provider-connections',
      'POST /provider-connections/{connection_id}/test',
    ]);
  });

  it('leaves deleting the project to its owners alone, which no API key is', () => {
    expect(needing('owner')).toEqual(['DELETE /projects/{project_id}']);
  });

  it('lets anyone signed in see who they are, list their projects and create one; of keys only admins create projects', () => {
    expect(needing('any caller')).toEqual(['GET /auth/me', 'GET /projects', 'POST /auth/sign-out', 'POST /projects']);
    expect(PERMISSIONS['POST /projects']).toEqual({ anyCaller: true, keyRole: 'admin' });
  });

  it('keeps production to admins wherever an editor may deploy or revert', () => {
    const protectedOperations = Object.entries(PERMISSIONS)
      .filter(([, permission]) => 'role' in permission && permission.production?.role === 'admin')
      .map(([operation]) => operation);
    expect(protectedOperations.sort()).toEqual([
      'POST /configs/deployment/{environment_revision_id}/revert',
      'POST /environments/deploy',
      'POST /environments/revisions/{environment_revision_id}/revert',
    ]);
  });
});
