import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NpmStart, npmStart, statusOf, untilPrinted } from './support/npm-start';

const ROOT = join(__dirname, '..', '..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function untilHealthy(started: NpmStart): Promise<void> {
  while ((await statusOf(`${started.url}/health`)) !== 200) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited (${started.child.exitCode}):\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The entry script the console's index.html loads, as a URL path. */
async function entryScript(url: string): Promise<string> {
  const html = await (await fetch(`${url}/ui/`)).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in:\n${html}`);
  return src;
}

describe('npm start and the console it builds', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-npm-start-web-perf-'));
    // A console to serve (and to keep serving during a rebuild), whichever test runs first.
    const build = spawnSync(process.execPath, ['tools/scripts/build-web.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the console failed:\n${build.stderr}`);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds nothing on a second start in a row, and answers /ui/ from the first request after /health', async () => {
    const first = await npmStart(dataDir);
    try {
      await untilPrinted(first, /^(built web|web is up to date)/m);
    } finally {
      await first.stop();
    }

    const second = await npmStart(dataDir);
    try {
      await untilHealthy(second);
      const page = await fetch(`${second.url}/ui/`);

      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      await untilPrinted(second, /^(built web|web is up to date)/m);
      expect(second.output()).toMatch(/^server is up to date \(\d+ files unchanged\): nothing built$/m);
      expect(second.output()).toMatch(/^web is up to date \(\d+ files unchanged\): nothing built$/m);
      expect(second.output()).not.toMatch(/^built /m);
    } finally {
      await second.stop();
    }
  }, 300_000);

  it('keeps answering /ui/ while CRUCIBLE_REBUILD=1 rebuilds the console, then serves its scripts compressed', async () => {
    const rebuild = await npmStart(dataDir, { CRUCIBLE_REBUILD: '1' });
    try {
      await untilHealthy(rebuild);
      const previousEntry = await entryScript(rebuild.url);
      const answers: Array<number | null> = [];
      // Each round asks for the page and for a script the page already loaded asks for, until the new build is in.
      while (!/^built web/m.test(rebuild.output())) {
        if (rebuild.child.exitCode !== null) throw new Error(`npm start exited:\n${rebuild.output()}`);
        answers.push(await statusOf(`${rebuild.url}/ui/`), await statusOf(`${rebuild.url}/ui/apps`), await statusOf(`${rebuild.url}${previousEntry}`));
      }
      answers.push(await statusOf(`${rebuild.url}/ui/`), await statusOf(`${rebuild.url}${previousEntry}`));

      expect(answers.length).toBeGreaterThan(10);
      expect(answers.filter((status) => status !== 200)).toEqual([]);

      const entry = await entryScript(rebuild.url);
      const brotli = await fetch(`${rebuild.url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
      const gzip = await fetch(`${rebuild.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
      const page = await fetch(`${rebuild.url}/ui/`, { headers: { 'accept-encoding': 'br, gzip' } });

      expect([brotli.status, brotli.headers.get('content-encoding'), brotli.headers.get('cache-control')]).toEqual([200, 'br', IMMUTABLE]);
      expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await brotli.text()).length).toBeGreaterThan(1000);
      expect([gzip.status, gzip.headers.get('content-encoding'), gzip.headers.get('cache-control')]).toEqual([200, 'gzip', IMMUTABLE]);
      expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    } finally {
      await rebuild.stop();
    }
  }, 300_000);
});
