import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { spawnApiProcess, untilHealthy } from './support/api-process';

describe('embedded PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps apps, variants and deployments across a restart', async () => {
    const first = await startApi('pglite', { dataDir });
    const app = await ok(first.api.POST('/apps', { body: { app_name: 'survivor' } }));
    const variant = await ok(first.api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: app.app_id } }, body: { variant_name: 'v', url: 'http://127.0.0.1:9', parameters: { a: 1 } },
    }));
    await first.api.POST('/environments/deploy', { body: { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id } });
    await first.close();

    const second = await startApi('pglite', { dataDir });
    try {
      expect((await second.api.GET('/apps/{app_id}', { params: { path: { app_id: app.app_id } } })).data).toMatchObject({ app_name: 'survivor' });
      const production = await second.api.GET('/apps/{app_id}/revisions/{environment_name}', {
        params: { path: { app_id: app.app_id, environment_name: 'production' } },
      });
      expect(production.data).toMatchObject({ revision: 1, deployed_app_variant_id: variant.variant_id });
    } finally {
      await second.close();
    }
    // Two starts, the first one initialising the directory: seconds each on a loaded machine.
  }, 120_000);

  it('refuses a second api process on the same directory, naming the directory and the holder', async () => {
    const env = { CRUCIBLE_DATA_DIR: dataDir, CRUCIBLE_BOOTSTRAP_API_KEY: 'crc_e2e-data-directory-key-0123456789' };
    const holder = await spawnApiProcess(env);
    try {
      await untilHealthy(holder);
      const intruder = await spawnApiProcess(env);
      expect(await intruder.exited).not.toBe(0);
      expect(intruder.output()).toContain(`the PGlite data directory ${dataDir} is in use by another Crucible process (pid ${holder.child.pid})`);
      expect((await fetch(`${holder.url}/health`)).status).toBe(200);
    } finally {
      await holder.stop();
    }
    // A clean stop hands the directory back.
    const next = await startApi('pglite', { dataDir });
    await next.close();
  }, 180_000);
});
