/**
 * Start-up cost, as a user meets it: `npm start` (and `npm run start:runner`) spawned as its own process group;
 * ready = spawn → first answer of /health, idle = resident memory of the whole group (npm, sh and the server)
 * 10 s later. A first start forces every build step `npm start` needs (CRUCIBLE_REBUILD=1, as after `npm ci` in a
 * fresh clone) on an empty data directory or database; a restart changes nothing. The baseline is a bare Node HTTP
 * server started in the same run: the floor this machine sets right now, under whatever load it carries.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { createTestPostgres } from '@crucible/persistence';
import { redisConnection } from '@crucible/queue';
import type { Benchmark } from '../support/benchmark';
import { freePort, groupMemory, startGroup } from '../support/process-group';
import type { Engine } from '../support/stand';
import type { BenchRow } from '../support/table';
import { workspaceRoot } from '../support/workspace-root';

const IDLE_MS = 10_000;
const GOALS = { firstStartS: 5, restartS: 3, idleMb: 250, runnerMb: 150 };

interface Measured {
  readySeconds: number;
  groupMb: number;
  serverMb: number;
}

async function measure(command: string[], env: NodeJS.ProcessEnv, port: number, path = '/health'): Promise<Measured> {
  const group = await startGroup(command, { cwd: workspaceRoot(), env: { ...process.env, ...env }, healthUrl: `http://127.0.0.1:${port}${path}` });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const memory = groupMemory(group.child.pid ?? 0);
    return { readySeconds: group.readySeconds, groupMb: memory.totalMb, serverMb: memory.largestMb };
  } finally {
    await group.stop();
  }
}

async function bareNode(): Promise<Measured> {
  const port = await freePort();
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return measure([process.execPath, '-e', script], {}, port, '/');
}

const engineLabel = (engine: Engine): string => (engine === 'pglite' ? 'embedded (PGlite)' : 'DATABASE_URL');

function row(benchmark: string, engine: string, measured: Measured, floor: Measured, goal: { readyS?: number; memoryMb: number; on: 'group' | 'server' }): BenchRow {
  const memory = goal.on === 'group' ? measured.groupMb : measured.serverMb;
  const readyMet = goal.readyS === undefined || measured.readySeconds <= goal.readyS;
  return {
    benchmark,
    engine,
    measured: `ready ${measured.readySeconds.toFixed(2)} s, idle ${measured.groupMb.toFixed(0)} MB (server ${measured.serverMb.toFixed(0)} MB)`,
    baseline: `bare node: ready ${floor.readySeconds.toFixed(2)} s, ${floor.serverMb.toFixed(0)} MB`,
    ratio: `${(measured.readySeconds / floor.readySeconds).toFixed(1)}× bare ready`,
    goal: `${goal.readyS === undefined ? '' : `ready ≤ ${goal.readyS} s, `}${goal.on === 'group' ? 'group' : 'runner'} ≤ ${goal.memoryMb} MB`,
    met: readyMet && memory <= goal.memoryMb,
  };
}

async function apiStarts(engine: Engine, env: NodeJS.ProcessEnv, floor: Measured): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [start, rebuild, readyS] of [['first start', '1', GOALS.firstStartS], ['restart', '0', GOALS.restartS]] as const) {
    const port = await freePort();
    const measured = await measure(['npm', 'start'], { ...env, PORT: String(port), HOST: '127.0.0.1', CRUCIBLE_REBUILD: rebuild }, port);
    rows.push(row(`npm start: ${start}`, engineLabel(engine), measured, floor, { readyS, memoryMb: GOALS.idleMb, on: 'group' }));
  }
  return rows;
}

async function runnerStart(databaseUrl: string, floor: Measured): Promise<BenchRow> {
  const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const queueName = `crucible-bench-startup-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  try {
    const measured = await measure(['npm', 'run', 'start:runner'], {
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, QUEUE_NAME: queueName, RUNNER_PORT: String(port), HOST: '127.0.0.1',
    }, port);
    return row('npm run start:runner (idle)', 'PostgreSQL + Redis', measured, floor, { memoryMb: GOALS.runnerMb, on: 'server' });
  } finally {
    // Leave nothing of this run's queue behind in the shared Redis.
    const queue = new Queue(queueName, { connection: redisConnection(redisUrl) });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

export const startupBenchmark: Benchmark = {
  name: 'startup',
  perEngine: false,
  async run(engines) {
    const floor = await bareNode();
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      if (engine === 'pglite') {
        const dataDir = mkdtempSync(join(tmpdir(), 'crucible-bench-data-'));
        try {
          rows.push(...(await apiStarts(engine, { CRUCIBLE_DATA_DIR: dataDir }, floor)));
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
        continue;
      }
      const postgres = await createTestPostgres();
      try {
        rows.push(...(await apiStarts(engine, { DATABASE_URL: postgres.url }, floor)));
        rows.push(await runnerStart(postgres.url, floor));
      } finally {
        await postgres.drop();
      }
    }
    return rows;
  },
};
