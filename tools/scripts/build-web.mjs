// Builds the web console (apps/web → dist/apps/web) when its build is missing or older than its sources,
// so `npm ci && npm start` serves a current console at /ui/. Run directly to build unconditionally.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sources = ['apps/web', 'libs/client/src'].map((path) => join(root, path));
const builtIndex = join(root, 'dist', 'apps', 'web', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

export function buildWeb() {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '-c', join(root, 'apps/web/vite.config.mts')], {
    cwd: root, stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`building the web console failed (exit ${result.status})`);
}

export function ensureWebBuild() {
  if (!webBuildIsStale()) return false;
  console.log('Building the web console (apps/web → dist/apps/web)…');
  buildWeb();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const onlyIfStale = process.argv.includes('--if-stale');
  if (onlyIfStale) ensureWebBuild();
  else buildWeb();
}
