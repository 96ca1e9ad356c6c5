import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** `setupToken`: the first-run link's token, read from the api's own output as a person reads it from the terminal. */
export interface ConsoleStack { apiUrl: string; serviceUrl: string; apiKey: string; setupToken: string }

const SETUP_LINK = /\/ui\/setup\?token=(\S+)/;

const root = join(__dirname, '..', '..', '..');

function startStack(): Promise<{ child: ChildProcess; stack: ConsoleStack }> {
  const child = spawn(process.execPath, [join(root, 'tools/scripts/start.mjs'), 'e2e/console/support/console-stack.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveStack, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((candidate) => candidate.startsWith('CONSOLE_STACK '));
      // The api prints the first-run link once it listens, before the stack says it is up; wait for both.
      const setupLink = SETUP_LINK.exec(buffered);
      if (line && setupLink) {
        const stack = JSON.parse(line.slice('CONSOLE_STACK '.length)) as Omit<ConsoleStack, 'setupToken'>;
        resolveStack({ child, stack: { ...stack, setupToken: decodeURIComponent(setupLink[1] ?? '') } });
      }
    });
    child.on('exit', (code) => reject(new Error(`the console stack exited (${code}) before it listened`)));
  });
}

/** Builds the console when stale, boots one stack for the whole suite, and hands its addresses to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const build = spawnSync(process.execPath, [join(root, 'tools/scripts/build-web.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web console failed');
  const { child, stack } = await startStack();
  process.env['CONSOLE_STACK'] = JSON.stringify(stack);
  return async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
}
