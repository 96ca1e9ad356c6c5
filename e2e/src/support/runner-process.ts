import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

export interface RunnerProcess {
  child: ChildProcess;
  port: number;
  /** kill -9: no shutdown hooks, the job it holds is left stalled in Redis. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts apps/workflow-runner as its own OS process, exactly as `npm run start:runner` does. */
export async function startRunnerProcess(env: {
  databaseUrl: string; redisUrl: string; queueName: string; lockDurationMs?: number; allowedPrivateHosts?: string;
  sweepIntervalMs?: number; maxConnections?: number; onlineEvaluationLeaseSeconds?: number;
}): Promise<RunnerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'apps/workflow-runner/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'],
      SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      QUEUE_NAME: env.queueName,
      RUNNER_PORT: String(port),
      HOST: '127.0.0.1',
      RUNNER_LOCK_DURATION_MS: String(env.lockDurationMs ?? 4000),
      RUNNER_CONCURRENCY: '2',
      CRUCIBLE_SWEEP_INTERVAL_MS: String(env.sweepIntervalMs ?? 1000),
      LOG_LEVEL: 'warn',
      // Distributed mode allows no private host by default; the example services listen on loopback.
      CRUCIBLE_ALLOWED_PRIVATE_HOSTS: env.allowedPrivateHosts ?? '127.0.0.1',
      ...(env.maxConnections === undefined ? {} : { CRUCIBLE_MAX_CONNECTIONS: String(env.maxConnections) }),
      ...(env.onlineEvaluationLeaseSeconds === undefined ? {} : { CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS: String(env.onlineEvaluationLeaseSeconds) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`workflow-runner exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`workflow-runner did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child, port,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
