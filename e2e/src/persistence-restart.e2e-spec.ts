import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from './support/api-harness';

describe('embedded PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps apps, variants and deployments across a restart', async () => {
    const first = await startApi('pglite', { dataDir });
    const app = (await first.client.post('/apps', { app_name: 'survivor' })).body;
    const variant = (await first.client.post(`/apps/${app.app_id}/variant/from-service`, { variant_name: 'v', url: 'http://127.0.0.1:9', parameters: { a: 1 } })).body;
    await first.client.post('/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
    await first.close();

    const second = await startApi('pglite', { dataDir });
    try {
      expect((await second.client.get(`/apps/${app.app_id}`)).body).toMatchObject({ app_name: 'survivor' });
      expect((await second.client.get(`/apps/${app.app_id}/revisions/production`)).body).toMatchObject({ revision: 1, deployed_app_variant_id: variant.variant_id });
    } finally {
      await second.close();
    }
  });
});
