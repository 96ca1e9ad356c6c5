/**
 * Runner memory: RSS growth while one evaluation runs a 100 000-row test set, against the same for 100 rows,
 * each in a fresh process (tools/bench/src/support/memory-probe.ts) so nothing else weighs on its RSS.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Benchmark } from '../support/benchmark';
import { engineEnvironment } from '../support/engine-environment';
import { MEMORY_PROBE_RESULT } from '../support/memory-probe-result';
import type { Engine } from '../support/stand';
import type { BenchRow } from '../support/table';
import { workspaceRoot } from '../support/workspace-root';

const LARGE = Number(process.env['BENCH_MEMORY_ROWS'] ?? 100_000);
const SMALL = 100;
const MB = 1024 * 1024;

interface Probe { baseline: number; peak: number; wall: number }

function probe(engine: Engine, rows: number): Probe {
  const root = workspaceRoot();
  // Its young generation held until the api listens, as `npm start` and `npm run start:runner` hold the server's.
  const child = spawnSync(process.execPath, [
    '--expose-gc', '-r', '@swc-node/register', join(root, 'tools/bench/src/support/memory-probe.ts'), engine, String(rows),
  ], { cwd: root, encoding: 'utf8', env: { SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...engineEnvironment(engine) }, maxBuffer: 16 * MB });
  // The api's own lines (warnings: LOG_LEVEL=warn) share the probe's stdout, before and after its result.
  const lines = child.stdout.split('\n');
  const result = lines.find((line) => line.startsWith(MEMORY_PROBE_RESULT));
  const logged = lines.filter((line) => line.trim() !== '' && line !== result);
  if (logged.length > 0) process.stderr.write(`memory probe (${engine}, ${rows} rows) logged:\n${logged.join('\n')}\n`);
  if (child.status !== 0 || !result) throw new Error(`memory probe failed (${child.status}): ${child.stderr.slice(-2000)}`);
  return JSON.parse(result.slice(MEMORY_PROBE_RESULT.length)) as Probe;
}

export const runnerMemoryBenchmark: Benchmark = {
  name: 'runner-memory',
  perEngine: false,
  async run(engines) {
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      const small = probe(engine, SMALL);
      const large = probe(engine, LARGE);
      const growth = (large.peak - large.baseline) - (small.peak - small.baseline);
      rows.push({
        benchmark: `runner RSS, ${LARGE} rows vs ${SMALL} rows`, engine,
        measured: `+${((large.peak - large.baseline) / MB).toFixed(0)} MB while running (${(LARGE / large.wall).toFixed(0)} rows/s)`,
        baseline: `+${((small.peak - small.baseline) / MB).toFixed(0)} MB for ${SMALL} rows`,
        ratio: `growth ${(growth / MB).toFixed(0)} MB`, goal: '≤ 150 MB', met: growth <= 150 * MB,
      });
    }
    return rows;
  },
};
