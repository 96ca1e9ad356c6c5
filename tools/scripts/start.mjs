// `npm start` and friends. Runs a project's compiled entry point (dist/server, compiled first when a source
// changed since the last build) in this very process: no TypeScript compiler and no second Node process stay
// resident. `--source` (or a path to a .ts file) runs the TypeScript directly through SWC instead, for development.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { BUILD_STEPS, buildStale } from './lib/build-steps.mjs';
import { SERVER_OUT_DIR } from './lib/compile-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * name → entry point (without extension), the build steps it needs, and whether it is a server that lets its young
 * generation grow once it listens (`holdYoungGeneration` in libs/platform/src/runtime/heap-growth.ts: held from here,
 * before the server's modules load, since loading them grows it).
 */
const targets = {
  // The api serves the console at /ui/ (CRUCIBLE_SKIP_WEB_BUILD=1 leaves it as it is).
  api: { entry: 'apps/api/src/main', needs: process.env['CRUCIBLE_SKIP_WEB_BUILD'] === '1' ? ['server'] : ['server', 'web'], server: true },
  'workflow-runner': { entry: 'apps/workflow-runner/src/main', needs: ['server'], server: true },
  'mock-llm': { entry: 'tools/mock-llm/src/main', needs: ['server'] },
  bench: { entry: 'tools/bench/src/main', needs: ['server'] },
  crucible: { entry: 'apps/cli/src/main', needs: ['server'] },
};

const argv = process.argv.slice(2);
const fromSource = argv[0] === '--source';
const [name, ...args] = fromSource ? argv.slice(1) : argv;
const target = targets[name];
if (!target && !name?.endsWith('.ts')) {
  console.error(`usage: start.mjs [--source] <${Object.keys(targets).join('|')}|path/to/file.ts> [args]`);
  process.exit(2);
}

const force = process.env['CRUCIBLE_REBUILD'] === '1';
if (fromSource || !target) {
  // From source the server needs no build, but what it serves (the console) still does.
  buildInBackground(target?.needs ?? []);
  runFromSource(target ? `${target.entry}.ts` : name);
} else await runCompiled(target);

async function runCompiled({ entry, needs, server = false }) {
  if (server) setFlagsFromString('--semi-space-growth-factor=1');
  await buildStale(root, needs.filter((step) => !BUILD_STEPS[step].background), { force });
  buildInBackground(needs);
  const main = join(SERVER_OUT_DIR, `${entry}.js`);
  process.argv = [process.argv[0], main, ...args];
  createRequire(import.meta.url)(main);
}

/** Steps the server can start without (the console): a failure is reported, the server keeps running. */
function buildInBackground(needs) {
  const steps = needs.filter((step) => BUILD_STEPS[step].background);
  buildStale(root, steps, { force }).catch((error) => console.error(`build failed: ${error.message}`));
}

/** SWC compiles on load, honouring the path aliases and decorator metadata of tsconfig.base.json. */
function runFromSource(entry) {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, entry), ...args], {
    stdio: 'inherit',
    cwd: process.cwd(),
    env: { SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
