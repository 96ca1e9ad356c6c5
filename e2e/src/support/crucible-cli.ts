import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** From source through SWC, resolved from the repository: the tests run it in a scratch directory. */
export const CLI = ['-r', require.resolve('@swc-node/register'), join(ROOT, 'apps/cli/src/main.ts')];

export interface CliRun { code: number; stdout: string; stderr: string }

/** What the CLI needs besides its own settings: a PATH, a HOME and SWC's project. */
export const cliEnvironment = (home: string): NodeJS.ProcessEnv => ({
  PATH: process.env['PATH'], HOME: home, CRUCIBLE_CONFIG_DIR: join(home, 'config'),
  SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), NODE_OPTIONS: '',
});

/** One `crucible` command as a CI job runs it, with `input` on its standard input (closed either way). */
export function runCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...CLI, ...args], { cwd: options.cwd, env: options.env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with everything once the command has ended. */
  finished: Promise<CliRun>;
}

/** A long `crucible` command (a wait) whose output the test watches while it runs. */
export function spawnCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): RunningCli {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<CliRun>((resolve) => child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr })));
  return { child, stdout: () => stdout, stderr: () => stderr, finished };
}
