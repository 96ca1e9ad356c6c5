import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

/** What one load run (or rounds of them, pooled) measured. */
export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** The latency histogram: [microseconds, responses], for pooling rounds. */
  latencyUs: Array<[number, number]>;
}

interface WrkReport {
  requests: number;
  durationUs: number;
  socketErrors: number;
  non2xx: number;
  latencyUs: Array<[number, number]>;
}

const WRK_HINT = 'the load benchmarks need wrk, from Debian\'s packages: apt-get install -y wrk';

/**
 * wrk, one thread, in a process of its own. It used to be autocannon, in Node: taking in 2 MB answers it used
 * more than a core and topped out at 300 req/s, where wrk takes 1 900 req/s from the same bare server; every
 * "ratio to bare" of the listing measured the load generator.
 */
function wrk(options: LoadOptions): Promise<WrkReport> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, '--timeout', '10s',
    '-s', join(workspaceRoot(), 'tools/bench/src/support/wrk-report.lua'), options.url];
  const env = {
    ...process.env,
    BENCH_METHOD: options.method ?? 'GET',
    BENCH_BODY: options.body ?? '',
    BENCH_HEADERS: Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`).join('\n'),
  };
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return reject(new Error(WRK_HINT));
      const line = stdout.split('\n').find((text) => text.startsWith('wrk-report '));
      if (error || !line) return reject(new Error(`wrk failed: ${stderr || stdout || error?.message}`));
      resolve(JSON.parse(line.slice('wrk-report '.length)) as WrkReport);
    });
  });
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const report = await wrk(options);
  return {
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p99Ms: percentileMs(report.latencyUs, 0.99),
    failures: report.socketErrors + report.non2xx,
    latencyUs: report.latencyUs,
  };
}

export function percentileMs(histogram: Array<[number, number]>, fraction: number): number {
  const sorted = [...histogram].sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [microseconds, count] of sorted) {
    seen += count;
    if (seen > total * fraction) return microseconds / 1000;
  }
  return (sorted[sorted.length - 1]?.[0] ?? 0) / 1000;
}

/** Adds up rounds of one target's load: the mean rate, and the p99 of every response of every round. */
function combine(results: LoadResult[]): LoadResult {
  const latencyUs = results.flatMap((r) => r.latencyUs);
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    p99Ms: percentileMs(latencyUs, 0.99),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    latencyUs,
  };
}

interface LoadOptions {
  url: string; connections: number; durationSeconds: number; method?: string; headers?: Record<string, string>; body?: string;
}

/** BENCH_VERBOSE=1 prints every round. */
const VERBOSE = process.env['BENCH_VERBOSE'] === '1';

/**
 * The baseline and Crucible in alternating short rounds, so a change in the machine's other load (it is
 * shared) weighs on both alike; a first short round of each warms them up and is not counted.
 */
export async function compareLoads(
  baseline: Omit<LoadOptions, 'durationSeconds'>, crucible: Omit<LoadOptions, 'durationSeconds'>,
  rounds: number, roundSeconds: number,
): Promise<{ baseline: LoadResult; crucible: LoadResult }> {
  await load({ ...baseline, durationSeconds: 1 });
  await load({ ...crucible, durationSeconds: 1 });
  const results = { baseline: [] as LoadResult[], crucible: [] as LoadResult[] };
  for (let round = 0; round < rounds; round += 1) {
    results.baseline.push(await load({ ...baseline, durationSeconds: roundSeconds }));
    results.crucible.push(await load({ ...crucible, durationSeconds: roundSeconds }));
    if (VERBOSE) console.log(`  round ${round + 1}: baseline ${describeLoad(results.baseline[round]!)}, Crucible ${describeLoad(results.crucible[round]!)}`);
  }
  return { baseline: combine(results.baseline), crucible: combine(results.crucible) };
}

export const describeLoad = (result: LoadResult): string =>
  `${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(0)} ms${result.failures ? `, ${result.failures} failed` : ''}`;
