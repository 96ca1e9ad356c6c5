import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createTestPostgres } from '@crucible/persistence';
import { BOOTSTRAP_KEY, type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { spawnApiProcess, untilHealthy } from './support/api-process';

describe.each<Engine>(['pglite', 'postgres'])('API key roles and the bootstrap key on %s', (engine) => {
  let server: RunningApi;

  beforeAll(async () => {
    server = await startApi(engine);
  }, 60_000);
  afterAll(() => server?.close());

  it('makes the bootstrap key an admin that creates projects, each with an admin key; editor keys cannot', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const ofProject = { params: { path: { project_id: projectId } } };
    const keys = await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject));
    expect(keys.map((k) => k.role)).toEqual(['admin']);

    const created = await server.api.POST('/projects', { body: { name: 'team' } });
    expect(created.response.status).toBe(200);
    expect(created.data!.api_key).toMatchObject({ role: 'admin', created_by: 'default' });
    const theirs = server.withKey(created.data!.api_key!.key);
    const ofTheirs = { params: { path: { project_id: created.data!.project_id } } };
    const theirEditor = await ok(theirs.POST('/projects/{project_id}/api-keys', { ...ofTheirs, body: { name: 'their ci' } }));
    const refused = await answer(server.withKey(theirEditor.key).POST('/projects', { body: { name: 'sneaky' } }));
    expect(refused).toMatchObject({ status: 403, body: { detail: 'POST /projects needs the admin role; "their ci" has the role editor' } });

    const extra = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'ci' } }));
    expect(extra.role).toBe('editor');
    expect((await server.withKey(extra.key).POST('/projects', { body: { name: 'sneaky' } })).response.status).toBe(403);
    expect((await server.api.GET('/projects/current')).response.status).toBe(200);
  });

  it('keeps key management to admins: a member can neither revoke, mint nor list keys; an admin mints admin keys', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const ofProject = { params: { path: { project_id: projectId } } };
    const adminKeyId = (await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject))).find((k) => k.role === 'admin')!.id;
    const issued = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'editor' } }));
    const member = server.withKey(issued.key);
    const ofAdminKey = { params: { path: { project_id: projectId, key_id: adminKeyId } } };

    const revoke = await answer(member.DELETE('/projects/{project_id}/api-keys/{key_id}', ofAdminKey));
    expect(revoke).toMatchObject({
      status: 403, body: { detail: 'DELETE /projects/{project_id}/api-keys/{key_id} needs the admin role; "editor" has the role editor' },
    });
    expect((await server.api.GET('/projects/current')).response.status).toBe(200);
    expect(await answer(member.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'minted' } })))
      .toMatchObject({ status: 403, body: { detail: expect.any(String) } });
    expect(await answer(member.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'minted', role: 'admin' } })))
      .toMatchObject({ status: 403 });
    expect(await answer(member.GET('/projects/{project_id}/api-keys', ofProject))).toMatchObject({ status: 403, body: { detail: expect.any(String) } });

    const admin = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'second admin', role: 'admin' } }));
    expect(admin.role).toBe('admin');
    expect((await server.withKey(admin.key).POST('/projects', { body: { name: 'by-second-admin' } })).response.status).toBe(200);
    const ofMemberKey = { params: { path: { project_id: projectId, key_id: issued.id } } };
    expect((await server.withKey(admin.key).DELETE('/projects/{project_id}/api-keys/{key_id}', ofMemberKey)).response.status).toBe(204);
    expect((await member.GET('/projects/current')).response.status).toBe(401);
    expect((await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject))).map((k) => k.id)).not.toContain(issued.id);
  });

  it('lists a public identifier as each key\'s prefix, never characters of the secret', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const ofProject = { params: { path: { project_id: projectId } } };
    const issued = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'listed' } }));
    expect(issued.prefix).toMatch(/^crc_.{8}$/);
    expect(issued.key).not.toContain(issued.prefix.slice(4));
    const listed = await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject));
    expect(listed.find((k) => k.id === issued.id)!.prefix).toBe(issued.prefix);
    const bootstrap = listed.find((k) => k.name === 'default')!;
    expect(BOOTSTRAP_KEY).not.toContain(bootstrap.prefix.slice(4));
    expect(bootstrap.prefix).not.toBe(BOOTSTRAP_KEY.slice(0, 8));
  });
});

/**
 * Starts the api on fresh data, lets `before` use it, then starts it again on the same data with the log recorded
 * (and `bootstrapKey`, if given) for `after`; the data is dropped either way.
 */
async function acrossRestart<T>(
  engine: Engine, bootstrapKey: string | undefined,
  before: (api: RunningApi) => Promise<T>, after: (api: RunningApi, lines: string[], found: T) => Promise<void>,
): Promise<void> {
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'crucible-restart-')) : null;
  const postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
  try {
    const first = await startApi(engine, { dataDir, postgres });
    const found = await before(first);
    await first.close();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const second = await startApi(engine, { dataDir, postgres, logger, ...(bootstrapKey ? { bootstrapKey } : {}) });
    try {
      await after(second, lines, found);
    } finally {
      await second.close();
    }
  } finally {
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const bootstrapLine = (lines: string[]) => lines.map((line) => JSON.parse(line)).find((entry) => /CRUCIBLE_BOOTSTRAP_API_KEY/.test(entry.msg));

describe('CRUCIBLE_BOOTSTRAP_API_KEY on a start with existing data', () => {
  it.each<Engine>(['pglite', 'postgres'])('adds the key to the default project as admin and logs it (%s)', async (engine) => {
    const newKey = 'crc_e2e-second-start-key-0123456789abcdef';
    await acrossRestart(engine, newKey, async (first) => (await ok(first.api.POST('/apps', { body: { app_name: 'kept' } }))).app_id,
      async (second, lines, appId) => {
        expect((await second.api.GET('/apps/{app_id}', { params: { path: { app_id: appId } } })).data).toMatchObject({ app_name: 'kept' });
        expect((await second.api.POST('/projects', { body: { name: 'by-new-admin' } })).response.status).toBe(200);
        expect(bootstrapLine(lines)).toMatchObject({ project_id: expect.any(String), api_key_id: expect.any(String) });
        expect(lines.join('\n')).not.toContain(newKey);
      });
  }, 60_000);
});

describe('a revoked CRUCIBLE_BOOTSTRAP_API_KEY', () => {
  it.each<Engine>(['pglite', 'postgres'])('stays revoked on a later start, with a warning that does not show it (%s)', async (engine) => {
    await acrossRestart(engine, undefined, async (first) => {
      const projectId = (await ok(first.api.GET('/projects/current'))).project_id;
      const ofProject = { params: { path: { project_id: projectId } } };
      const bootstrapId = (await ok(first.api.GET('/projects/{project_id}/api-keys', ofProject)))[0]!.id;
      const successor = await ok(first.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'successor', role: 'admin' } }));
      const revoked = await first.withKey(successor.key).DELETE('/projects/{project_id}/api-keys/{key_id}', {
        params: { path: { project_id: projectId, key_id: bootstrapId } },
      });
      expect(revoked.response.status).toBe(204);
      return { ofProject, bootstrapId, successorKey: successor.key };
    }, async (second, lines, { ofProject, bootstrapId, successorKey }) => {
      expect((await second.api.GET('/projects/current')).response.status).toBe(401);
      const listed = await ok(second.withKey(successorKey).GET('/projects/{project_id}/api-keys', ofProject));
      expect(listed.map((k) => k.name)).toEqual(['successor']);
      expect(bootstrapLine(lines)).toMatchObject({ level: 40, msg: expect.stringMatching(/revoked/), api_key_id: bootstrapId });
      expect(lines.join('\n')).not.toContain(BOOTSTRAP_KEY);
    });
  }, 60_000);
});

describe('a short CRUCIBLE_BOOTSTRAP_API_KEY', () => {
  it('stops the api at start, naming the variable and the rule but not the key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crucible-short-key-'));
    try {
      const api = await spawnApiProcess({ CRUCIBLE_DATA_DIR: dataDir, CRUCIBLE_BOOTSTRAP_API_KEY: 'Passw0rd' });
      try {
        // An api that starts anyway must not keep the test waiting for an exit that never comes.
        expect(await Promise.race([api.exited, untilHealthy(api).then(() => 'started')])).toBe(1);
        expect(api.output()).toContain('CRUCIBLE_BOOTSTRAP_API_KEY must be at least 32 characters');
        expect(api.output()).not.toContain('Passw0rd');
      } finally {
        await api.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each<Engine>(['pglite', 'postgres'])('the API keys page on %s', (engine) => {
  let server: RunningApi;

  beforeAll(async () => {
    server = await startApi(engine);
  }, 60_000);
  afterAll(() => server?.close());

  it('lists who minted each key ("bootstrap" for the start-up key) and when each was last used', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const ofProject = { params: { path: { project_id: projectId } } };
    const minted = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'ci', role: 'viewer' } }));
    expect(minted).toMatchObject({ role: 'viewer', created_by: 'default', last_used_at: null });

    expect((await server.withKey(minted.key).GET('/apps')).response.status).toBe(200);
    const listed = await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject));
    const bootstrap = listed.find((k) => k.name === 'default')!;
    const ci = listed.find((k) => k.id === minted.id)!;
    expect(bootstrap).toMatchObject({ created_by: 'bootstrap', role: 'admin', last_used_at: expect.any(String) });
    expect(ci).toMatchObject({ created_by: 'default', role: 'viewer' });
    expect(Date.parse(ci.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(minted.created_at));

    // A key used again within the minute keeps its recorded time: a busy key does not write on every request.
    expect((await server.withKey(minted.key).GET('/apps')).response.status).toBe(200);
    const again = (await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject))).find((k) => k.id === minted.id)!;
    expect(again.last_used_at).toBe(ci.last_used_at);

    const second = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'second admin', role: 'admin' } }));
    const byKey = await ok(server.withKey(second.key).POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'by second' } }));
    expect(byKey).toMatchObject({ created_by: 'second admin', role: 'editor' });
  });

  it('refuses an owner key: keys act for scripts, never own a project', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const refused = await server.client.post(`/projects/${projectId}/api-keys`, { name: 'owner', role: 'owner' });
    expect(refused).toMatchObject({ status: 422, body: { detail: expect.anything() } });
  });
});
