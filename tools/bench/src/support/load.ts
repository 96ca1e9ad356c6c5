import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

/** What one autocannon run (or rounds of them, pooled) measured. */
export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  bytesPerSecond: number;
  failures: number;
  /** Every response's latency, for pooling rounds. */
  latenciesMs: number[];
}

interface AutocannonResult {
  requests: { average: number };
  latencies: number[];
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon in a process of its own (support/autocannon-run.mjs), so parsing the answers costs the server nothing. */
function autocannon(options: Record<string, unknown>): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(workspaceRoot(), 'tools/bench/src/support/autocannon-run.mjs'), JSON.stringify(options)], { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`autocannon failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout) as AutocannonResult)));
  });
}

export async function load(options: {
  url: string; connections: number; durationSeconds: number; method?: string; headers?: Record<string, string>; body?: string;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url, connections: options.connections, duration: options.durationSeconds,
    method: options.method ?? 'GET', headers: options.headers, body: options.body,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: percentile(result.latencies, 0.99),
    bytesPerSecond: result.throughput.average,
    failures: result.non2xx + result.errors + result.timeouts,
    latenciesMs: result.latencies,
  };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * Adds up rounds of one target's load: the mean rate, and the p99 of every response of every round. It used to be
 * the worst round's p99, but one stall of the load generator sets that: autocannon spends more than half its time
 * collecting garbage while it takes in 2 MB answers, and a round whose server-side latencies peaked at 55 ms
 * came out with a p99 of 636 ms at the client.
 */
function combine(results: LoadResult[]): LoadResult {
  const latenciesMs = results.flatMap((r) => r.latenciesMs);
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    p99Ms: percentile(latenciesMs, 0.99),
    bytesPerSecond: results.reduce((sum, r) => sum + r.bytesPerSecond, 0) / results.length,
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    latenciesMs,
  };
}

type LoadOptions = Parameters<typeof load>[0];

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
