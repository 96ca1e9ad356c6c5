import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './runner-process';

const ROOT = join(__dirname, '..', '..', '..');

export interface NpmStart {
  child: ChildProcess;
  url: string;
  /** What `npm start` printed so far (stdout and stderr). */
  output(): string;
  /** Ends npm, the api and any build they started (one process group). */
  stop(): Promise<void>;
}

/** `npm start` in the repository, as a user runs it, on an embedded database in `dataDir`, as its own process group. */
export async function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<NpmStart> {
  const port = await freePort();
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'], HOME: process.env['HOME'], PORT: String(port), HOST: '127.0.0.1',
      CRUCIBLE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child, url: `http://127.0.0.1:${port}`, output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** Waits until `npm start` printed a line matching `pattern`, or fails with what it printed. */
export async function untilPrinted(started: NpmStart, pattern: RegExp, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited (${started.child.exitCode}):\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start never printed ${pattern}:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The status of GET `url`, or null while nothing listens there. */
export async function statusOf(url: string): Promise<number | null> {
  try {
    const answer = await fetch(url);
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return null;
  }
}
