// The build steps `npm start` needs, each run only when its output is missing or older than its sources.
// To add one (e.g. the web console): describe it here and list it in the `needs` of the targets that use it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWhenStale } from './build-when-stale.mjs';
import { SERVER_OUT_DIR, SERVER_SETTINGS, SERVER_SOURCES, isServerSource } from './compile-server.mjs';
import { WEB_DIR } from './compile-web.mjs';

/**
 * name → { inputs: paths relative to the root, include(relativePath): counts as a source, outputs: absolute paths
 * that must exist, command: argv run from the root (a child process, so no compiler stays in a server's memory),
 * background: the server may start before this step is done }.
 */
export const BUILD_STEPS = {
  server: {
    inputs: [...SERVER_SOURCES, ...SERVER_SETTINGS],
    include: (path) => isServerSource(path) || SERVER_SETTINGS.includes(path),
    outputs: [SERVER_OUT_DIR],
    command: [process.execPath, 'tools/scripts/lib/compile-server.mjs'],
  },
  // The console the api serves at /ui/. Built alongside the start, at the lowest priority, and swapped in whole: the
  // api answers meanwhile, /ui/ with the previous build (or, on a first start, once this one is done).
  web: {
    background: true,
    inputs: ['apps/web', 'libs/client/src', 'libs/contracts/src', 'tools/scripts/lib/compile-web.mjs'],
    include: () => true,
    outputs: [join(WEB_DIR, 'index.html')],
    command: [process.execPath, '-r', './tools/scripts/lib/yield-cpu.cjs', 'tools/scripts/lib/compile-web.mjs'],
  },
};

function run(root, [command, ...args]) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${code}`))));
  });
}

/** Runs the named steps that are stale (all of them when `force`), one after the other. */
export async function buildStale(root, names, { force = false } = {}) {
  for (const name of names) {
    const step = BUILD_STEPS[name];
    await buildWhenStale({
      name, root, force, inputs: step.inputs, include: step.include, outputs: step.outputs,
      stamp: join(root, 'dist', '.stamps', name),
      build: () => run(root, step.command),
    });
  }
}
