import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createTestPostgres } from '@crucible/persistence';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';

describe.each<Engine>(['pglite', 'postgres'])('API key roles and the bootstrap key on %s', (engine) => {
  let server: RunningApi;

  beforeAll(async () => {
    server = await startApi(engine);
  }, 60_000);
  afterAll(() => server?.close());

  it('makes the bootstrap key an admin that creates projects, whose keys are members that cannot', async () => {
    const projectId = (await ok(server.api.GET('/projects/current'))).project_id;
    const ofProject = { params: { path: { project_id: projectId } } };
    const keys = await ok(server.api.GET('/projects/{project_id}/api-keys', ofProject));
    expect(keys.map((k) => k.role)).toEqual(['admin']);

    const created = await server.api.POST('/projects', { body: { name: 'team' } });
    expect(created.response.status).toBe(200);
    expect(created.data!.api_key.role).toBe('member');
    const member = server.withKey(created.data!.api_key.key);
    const refused = await answer(member.POST('/projects', { body: { name: 'sneaky' } }));
    expect(refused).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/only admin API keys may create projects/) } });

    const extra = await ok(server.api.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: 'ci' } }));
    expect(extra.role).toBe('member');
    expect((await server.withKey(extra.key).POST('/projects', { body: { name: 'sneaky' } })).response.status).toBe(403);
    expect((await server.api.GET('/projects/current')).response.status).toBe(200);
  });
});

describe('CRUCIBLE_BOOTSTRAP_API_KEY on a start with existing data', () => {
  it.each<Engine>(['pglite', 'postgres'])('adds the key to the default project as admin and logs it (%s)', async (engine) => {
    const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'crucible-bootstrap-')) : null;
    const postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
    try {
      const first = await startApi(engine, { dataDir, postgres });
      const appId = (await ok(first.api.POST('/apps', { body: { app_name: 'kept' } }))).app_id;
      await first.close();

      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const newKey = 'crc_e2e-second-start-key-0123456789abcdef';
      const second = await startApi(engine, { dataDir, postgres, bootstrapKey: newKey, logger });
      try {
        expect((await second.api.GET('/apps/{app_id}', { params: { path: { app_id: appId } } })).data).toMatchObject({ app_name: 'kept' });
        expect((await second.api.POST('/projects', { body: { name: 'by-new-admin' } })).response.status).toBe(200);
        const added = lines.map((line) => JSON.parse(line)).find((entry) => /CRUCIBLE_BOOTSTRAP_API_KEY/.test(entry.msg));
        expect(added).toMatchObject({ project_id: expect.any(String), api_key_id: expect.any(String) });
        expect(lines.join('\n')).not.toContain(newKey);
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
