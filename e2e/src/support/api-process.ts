import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './runner-process';

const ROOT = join(__dirname, '..', '..', '..');

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts apps/api as its own OS process, exactly as `npm start` does; `env` is all it sees besides PATH. Give the
 * `port` of a stopped process to restart it where its clients look.
 */
export async function spawnApiProcess(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  port ??= await freePort();
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'], SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), PORT: String(port),
      HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child, url: `http://127.0.0.1:${port}`, port, exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the process answers /health, or fails with what it printed if it exits first. */
export async function untilHealthy(api: ApiProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`api exited early:\n${api.output()}`);
    try {
      if ((await fetch(`${api.url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`api did not become healthy:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
