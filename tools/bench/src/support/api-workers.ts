import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestPostgres } from '@crucible/persistence';
import { engineEnvironment } from './engine-environment';
import { freePort } from './process-group';
import { BENCH_KEY, type Stand, requestJson } from './stand';
import { workspaceRoot } from './workspace-root';

/** The api as `npm start` runs it with CRUCIBLE_API_WORKERS, on a fresh PostgreSQL database and a queue of its own in Redis. */
export interface WorkersStand extends Pick<Stand, 'base' | 'request'> {
  close(): Promise<void>;
}

/** The primary's children (its workers), from /proc. */
function childrenOf(pid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) count++;
    } catch {
      // exited while we looked
    }
  }
  return count;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startApiWorkers(workers: number): Promise<WorkersStand> {
  const postgres = await createTestPostgres();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(workspaceRoot(), 'tools/scripts/start.mjs'), 'api'], {
    cwd: workspaceRoot(), stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...engineEnvironment('postgres'), DATABASE_URL: postgres.url, PORT: String(port), HOST: '127.0.0.1', CRUCIBLE_API_WORKERS: String(workers),
      CRUCIBLE_BOOTSTRAP_API_KEY: BENCH_KEY, CRUCIBLE_SECRET_KEY: randomBytes(32).toString('base64'), CRUCIBLE_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      CRUCIBLE_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn',
      REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379', QUEUE_NAME: `bench-api-workers-${randomBytes(4).toString('hex')}`,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    await postgres.drop();
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the api with ${workers} workers exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`the api with ${workers} workers did not start`);
      const healthy = await fetch(`${base}/health`).then((answer) => answer.ok, () => false);
      if (healthy && childrenOf(child.pid!) === workers) break;
      await pause(250);
    }
    // The workers after the first are forked once it listens; they take a few seconds to load and listen too
    // (at warn, nothing says when): the primary hands connections only to those that do.
    await pause(8_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { base, request: (method, path, body) => requestJson(base, method, path, body), close };
}
