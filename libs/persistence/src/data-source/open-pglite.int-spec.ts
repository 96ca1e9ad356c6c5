import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { freshClusterTarball, openPglite } from './open-pglite';

type Rows = { rows: Array<Record<string, unknown>> };

describe('an in-memory PGlite database', () => {
  it('starts as a copy of a fresh cluster kept in node_modules/.cache, and each copy is its own', async () => {
    const tarball = await freshClusterTarball();
    expect(tarball).toContain(`${sep}node_modules${sep}.cache${sep}crucible${sep}pglite-`);
    expect(existsSync(tarball!)).toBe(true);
    const first = await openPglite(null);
    const second = await openPglite(null);
    try {
      await first.query('CREATE TABLE only_in_first (id int)');
      const lookup = "SELECT to_regclass('only_in_first')::text AS found, current_setting('shared_buffers') AS buffers";
      expect(((await first.query(lookup)) as Rows).rows).toEqual([{ found: 'only_in_first', buffers: '16MB' }]);
      expect(((await second.query(lookup)) as Rows).rows).toEqual([{ found: null, buffers: '16MB' }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
