/**
 * The JavaScript a first visit to the console (/ui/) loads, gzipped as the api serves it: the built index.html's
 * entry, its modulepreloads and their static imports, not the screens' lazy chunks. The baseline is all the console's
 * JavaScript in the same build. The console is built first when its sources changed (as `npm start` does).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark } from '../support/benchmark';
import { firstVisitScripts, scriptSizes } from '../support/first-visit-scripts';
import { percent } from '../support/table';
import { workspaceRoot } from '../support/workspace-root';

const GOAL_GZIP_KB = 250;
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(0)} KB`;

/** Every script the build emitted (its Vite manifest), not those carried over from the previous build. */
function allScripts(buildDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(buildDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return [...new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
}

export const consoleFirstVisitBenchmark: Benchmark = {
  name: 'console',
  perEngine: false,
  async run() {
    const root = workspaceRoot();
    execFileSync(process.execPath, [join(root, 'tools', 'scripts', 'build-web.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
    const buildDir = join(root, 'dist', 'apps', 'web');
    const first = scriptSizes(buildDir, firstVisitScripts(buildDir));
    const all = scriptSizes(buildDir, allScripts(buildDir));
    return [{
      benchmark: 'console: first visit to /ui/ (JavaScript)',
      engine: '-',
      measured: `${kb(first.gzipBytes)} gzipped (${first.files} files, ${kb(first.bytes)} raw, ${kb(first.brotliBytes)} brotli)`,
      baseline: `whole console: ${kb(all.gzipBytes)} gzipped (${all.files} files)`,
      ratio: `${percent(first.gzipBytes / all.gzipBytes)} of all`,
      goal: `≤ ${GOAL_GZIP_KB} KB gzipped`,
      met: first.gzipBytes <= GOAL_GZIP_KB * 1000,
    }];
  },
};
