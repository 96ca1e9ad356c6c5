import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createTestPostgres } from '@crucible/persistence';
import { type Engine, type RunningApi, startApi } from './support/api-harness';

describe.each<Engine>(['pglite', 'postgres'])('API key roles and the bootstrap key on %s', (engine) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi(engine);
  }, 60_000);
  afterAll(() => api?.close());

  it('makes the bootstrap key an admin that creates projects, whose keys are members that cannot', async () => {
    const projectId = (await api.client.get('/projects/current')).body.project_id;
    const keys = (await api.client.get(`/projects/${projectId}/api-keys`)).body;
    expect(keys.map((k: { role: string }) => k.role)).toEqual(['admin']);

    const created = await api.client.post('/projects', { name: 'team' });
    expect(created.status).toBe(200);
    expect(created.body.api_key.role).toBe('member');
    const member = api.client.withKey(created.body.api_key.key);
    const refused = await member.post('/projects', { name: 'sneaky' });
    expect(refused).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/only admin API keys may create projects/) } });

    const extra = await api.client.post(`/projects/${projectId}/api-keys`, { name: 'ci' });
    expect(extra.body.role).toBe('member');
    expect((await api.client.withKey(extra.body.key).post('/projects', { name: 'sneaky' })).status).toBe(403);
    expect((await api.client.get('/projects/current')).status).toBe(200);
  });
});

describe('CRUCIBLE_BOOTSTRAP_API_KEY on a start with existing data', () => {
  it.each<Engine>(['pglite', 'postgres'])('adds the key to the default project as admin and logs it (%s)', async (engine) => {
    const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'crucible-bootstrap-')) : null;
    const postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
    try {
      const first = await startApi(engine, { dataDir, postgres });
      const appId = (await first.client.post('/apps', { app_name: 'kept' })).body.app_id;
      await first.close();

      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const newKey = 'crc_e2e-second-start-key-0123456789abcdef';
      const second = await startApi(engine, { dataDir, postgres, bootstrapKey: newKey, logger });
      try {
        expect((await second.client.get(`/apps/${appId}`)).body).toMatchObject({ app_name: 'kept' });
        expect((await second.client.post('/projects', { name: 'by-new-admin' })).status).toBe(200);
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
