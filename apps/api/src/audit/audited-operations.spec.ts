import type { INestApplication } from '@nestjs/common';
import pino from 'pino';
import { createApiApp } from '../app.factory';
import { buildOpenApiDocument } from '../openapi';
import { AUDIT_RULES, changeOf, isAudited } from './audited-operations';
import { operationOf, routeHandlers } from '../http/route-table';
import { PUBLIC_ROUTE } from '../http/public.decorator';

const MUTATING = ['put', 'post', 'patch', 'delete'] as const;

describe('the audit table of mutating operations', () => {
  let app: INestApplication;
  let operations: string[];

  beforeAll(async () => {
    app = await createApiApp({
      database: { kind: 'pglite', dataDir: null }, queue: { kind: 'in-process', concurrency: 1 }, logger: pino({ level: 'silent' }),
    });
    const paths = buildOpenApiDocument(app).paths as Record<string, Partial<Record<(typeof MUTATING)[number], object>>>;
    operations = Object.entries(paths).flatMap(([path, item]) => MUTATING.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`));
  }, 120_000);
  afterAll(() => app?.close());

  it('has an entry for every mutating operation of /openapi.json: the event it writes, or why none', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((operation) => !(operation in AUDIT_RULES))).toEqual([]);
  });

  it('keys each mutating handler, as the interceptor does, to the entry /openapi.json names; a public one writes none', () => {
    const keys: string[] = [];
    const publicAndAudited: string[] = [];
    for (const { controller, handler } of routeHandlers(app)) {
      const key = operationOf(controller, handler);
      if (!MUTATING.includes(key.split(' ')[0]!.toLowerCase() as (typeof MUTATING)[number])) continue;
      keys.push(key);
      // No actor signs a public request: the interceptor could not say who made the change.
      const isPublic = Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller);
      const rule = AUDIT_RULES[key];
      if (isPublic && rule && isAudited(rule)) publicAndAudited.push(key);
      // Only a public route leaves its event to its use case: a signed request is the interceptor's to record.
      if (!isPublic && rule && 'writtenBy' in rule) publicAndAudited.push(`${key} (signed, yet left to its use case)`);
    }
    expect(keys.sort()).toEqual([...operations].sort());
    expect(publicAndAudited).toEqual([]);
  });

  it('names no operation the api does not serve', () => {
    const served = new Set(operations);
    expect(Object.keys(AUDIT_RULES).filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('names actions `<resource>.<verb>` and gives every exemption a reason', () => {
    for (const rule of Object.values(AUDIT_RULES)) {
      if (isAudited(rule) || 'writtenBy' in rule) expect(rule.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
      else expect(rule.notAudited.length).toBeGreaterThan(10);
    }
  });
});

describe('audit events in words', () => {
  const none = { params: {}, body: {}, answer: undefined };

  it('names what was created from the answer', () => {
    expect(changeOf('POST /apps', { ...none, body: { app_name: 'support-bot' }, answer: { app_id: 'a-1', app_name: 'support-bot' } }))
      .toEqual({ action: 'app.create', resourceType: 'app', resourceId: 'a-1', summary: 'created app "support-bot"' });
    expect(changeOf('POST /apps', { ...none, body: { template_key: 'chat' }, answer: { app_id: 'a-1', app_name: 'bot' } })?.summary)
      .toBe('created app "bot" from the template "chat"');
    expect(changeOf('POST /projects/{project_id}/api-keys', { ...none, answer: { id: 'k-1', name: 'ci', role: 'editor' } }))
      .toEqual({ action: 'api_key.create', resourceType: 'api_key', resourceId: 'k-1', summary: 'created API key "ci" with the role editor' });
  });

  it('says which revision of which variant went to which environment', () => {
    const facts = { params: {}, body: { environment_name: 'production' }, answer: { id: 'er-1', deployed_variant_revision: 3, deployed_variant_name: 'app.v1' } };
    expect(changeOf('POST /environments/deploy', facts)).toEqual({
      action: 'environment.deploy', resourceType: 'environment_revision', resourceId: 'er-1', summary: 'deployed revision 3 of variant "app.v1" to production',
    });
    expect(changeOf('POST /environments/revisions/{environment_revision_id}/revert', { ...facts, params: { environment_revision_id: 'er-0' } })?.summary)
      .toBe('reverted an environment to revision 3 of variant "app.v1" (as in environment revision er-0)');
  });

  it('takes the resource of a change to an existing one from the path, and of a bulk change only when it touched one', () => {
    expect(changeOf('DELETE /projects/{project_id}/api-keys/{key_id}', { ...none, params: { project_id: 'p', key_id: 'k-2' } }))
      .toEqual({ action: 'api_key.revoke', resourceType: 'api_key', resourceId: 'k-2', summary: 'revoked API key k-2' });
    expect(changeOf('DELETE /evaluations', { ...none, body: { evaluations_ids: ['e-1'] }, answer: { deleted: 1 } }))
      .toMatchObject({ resourceId: 'e-1', summary: 'deleted 1 evaluation' });
    expect(changeOf('DELETE /testsets', { ...none, answer: ['t-1', 't-2'] })).toMatchObject({ resourceId: null, summary: 'deleted 2 test sets' });
    expect(changeOf('POST /evaluations', { ...none, answer: [{ id: 'e-1', variant_names: ['a'] }, { id: 'e-2', variant_names: ['b'] }] }))
      .toMatchObject({ resourceId: null, summary: 'started 2 evaluations of variants "a", "b"' });
  });

  it('writes nothing for an exempt or unknown operation', () => {
    expect(changeOf('POST /variants/{variant_id}/playground/run', none)).toBeNull();
    expect(changeOf('POST /nowhere', none)).toBeNull();
  });

});
