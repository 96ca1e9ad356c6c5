// Runs a project's TypeScript entry point directly (SWC compiles on load, honouring the path aliases
// and decorator metadata of tsconfig.base.json), so `npm start` needs no build step.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entries = {
  api: 'apps/api/src/main.ts',
  'workflow-runner': 'apps/workflow-runner/src/main.ts',
  'mock-llm': 'tools/mock-llm/src/main.ts',
  bench: 'tools/bench/src/main.ts',
};
const [name, ...args] = process.argv.slice(2);
const entry = entries[name] ?? name;
if (!entry) {
  console.error(`usage: start.mjs <${Object.keys(entries).join('|')}|path/to/file.ts> [args]`);
  process.exit(2);
}
// The api serves the console at /ui/: build it first when missing or older than its sources.
if (name === 'api' && process.env.CRUCIBLE_SKIP_WEB_BUILD !== '1') ensureWebBuild();
const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, entry), ...args], {
  stdio: 'inherit',
  cwd: process.cwd(),
  env: { SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
