/**
 * The gateway's hot path: `POST /apps/{id}/invoke` (a deployed completion prompt app) against calling the mock LLM
 * directly with the same client (wrk), and against the Portkey AI gateway in front of the same mock. 50 connections;
 * the mock answers after 50 ms as a model would, then after 0 ms (CPU-bound: what each hop costs). At 50 connections
 * the api is near its limit on two shared cores, and the p50 there is mostly queueing behind it; the latency a call
 * adds is also measured at 10 connections (about 200 calls a second), where neither side is saturated. On PostgreSQL
 * the api also runs as `npm start` runs it with CRUCIBLE_API_WORKERS (BENCH_GATEWAY_WORKERS, default 2; 1 leaves it
 * out), in the same rounds: the one-process figure stays the one to compare with Portkey, which runs one process.
 * A bare Node proxy (support/bare-proxy.ts) runs in the same rounds too: the floor any Node gateway starts from.
 */
import type { Benchmark } from '../support/benchmark';
import { startChild } from '../support/child-server';
import { type LoadResult, describeLoad, load, percentileMs } from '../support/load';
import { DIRECT_BODY, INVOKE_BODY, deployedPromptApp } from '../support/prompt-app';
import { startPortkey } from '../support/portkey';
import { startApiWorkers } from '../support/api-workers';
import { BENCH_KEY, type Stand } from '../support/stand';
import { type BenchRow, percent } from '../support/table';

const CONNECTIONS = 50;
/** Where neither the mock nor the api is saturated: what one call adds, without queueing. */
const UNSATURATED_CONNECTIONS = 10;
const ROUNDS = 3;
const roundSeconds = () => Number(process.env['BENCH_LOAD_SECONDS'] ?? 3);
const workersOf = () => Number(process.env['BENCH_GATEWAY_WORKERS'] ?? 2);

interface Target {
  url: string;
  body: string;
  headers: Record<string, string>;
}

type Pooled = LoadResult & { p50Ms: number };

/** Each target in turn, in short alternating rounds (after one warm-up each), pooled per target. */
async function measure(targets: Record<string, Target>, connections = CONNECTIONS): Promise<Record<string, Pooled>> {
  const load1 = (target: Target, durationSeconds: number) =>
    load({ url: target.url, method: 'POST', body: target.body, headers: target.headers, connections, durationSeconds });
  for (const target of Object.values(targets)) await load1(target, 1);
  const rounds: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, target] of Object.entries(targets)) rounds[name]!.push(await load1(target, roundSeconds()));
  }
  return Object.fromEntries(Object.entries(rounds).map(([name, results]) => {
    const latencyUs = results.flatMap((r) => r.latencyUs);
    return [name, {
      requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
      p99Ms: percentileMs(latencyUs, 0.99), p50Ms: percentileMs(latencyUs, 0.5),
      failures: results.reduce((sum, r) => sum + r.failures, 0), latencyUs,
    }];
  }));
}

const describe = (result: Pooled) => `${describeLoad(result)}, p50 ${result.p50Ms.toFixed(1)} ms`;

export const gatewayBenchmark: Benchmark = {
  name: 'gateway',
  perEngine: true,
  async run(stand: Stand) {
    const rows: BenchRow[] = [];
    const portkey = await startPortkey();
    const workers = stand.engine === 'postgres' && workersOf() > 1 ? await startApiWorkers(workersOf()) : null;
    try {
      for (const delayMs of [50, 0]) {
        const mock = await startChild('tools/mock-llm/src/main.ts', { MOCK_LLM_PORT: '0', MOCK_LLM_LATENCY_MS: String(delayMs) });
        const children = [mock.child];
        try {
          const { appId } = await deployedPromptApp(stand, `mock${delayMs}`, mock.url);
          const json = { 'content-type': 'application/json' };
          const invokeOn = (base: string, id: string): Target => ({ url: `${base}/apps/${id}/invoke`, body: INVOKE_BODY, headers: { ...json, authorization: `ApiKey ${BENCH_KEY}` } });
          const targets: Record<string, Target> = {
            direct: { url: `${mock.url}/chat/completions`, body: DIRECT_BODY, headers: { ...json, authorization: 'Bearer bench' } },
            crucible: invokeOn(stand.base, appId),
            portkeyRun: { url: `${portkey.url}/v1/chat/completions`, body: DIRECT_BODY, headers: portkey.headersFor(mock.url) },
          };
          if (workers) targets['crucibleWorkers'] = invokeOn(workers.base, (await deployedPromptApp(workers, `mock${delayMs}`, mock.url)).appId);
          const bare = await startChild('tools/bench/src/support/bare-proxy.ts', { BARE_PROXY_UPSTREAM: mock.url });
          children.push(bare.child);
          targets['bareNode'] = { url: `${bare.url}/invoke`, body: INVOKE_BODY, headers: json };
          const measured = await measure(targets);
          const { direct, crucible, portkeyRun } = measured;
          const ofDirect = crucible!.requestsPerSecond / direct!.requestsPerSecond;
          const ofPortkey = crucible!.requestsPerSecond / portkeyRun!.requestsPerSecond;
          const added = crucible!.p50Ms - direct!.p50Ms;
          const clean = crucible!.failures === 0;
          const title = `POST /apps/{id}/invoke, mock ${delayMs} ms, ${CONNECTIONS} conn`;
          rows.push(
            { benchmark: title, engine: stand.engine, measured: describe(crucible!), baseline: `mock direct ${describe(direct!)}`,
              ratio: `${percent(ofDirect)} of direct`, goal: delayMs > 0 ? '≥ 85 %' : '— (hop cost)', met: clean && (delayMs === 0 || ofDirect >= 0.85) },
            { benchmark: title, engine: stand.engine, measured: describe(crucible!), baseline: `Portkey 1.15.2 ${describe(portkeyRun!)}`,
              ratio: `${ofPortkey.toFixed(2)}× Portkey`, goal: delayMs > 0 ? '≥ 1×' : '— (hop cost)', met: clean && (delayMs === 0 || ofPortkey >= 1) },
            { benchmark: `${title}: p50 added`, engine: stand.engine, measured: `+${added.toFixed(2)} ms`, baseline: `mock direct p50 ${direct!.p50Ms.toFixed(1)} ms`,
              ratio: `Portkey +${(portkeyRun!.p50Ms - direct!.p50Ms).toFixed(2)} ms`, goal: delayMs > 0 ? '≤ 2 ms' : '—', met: clean && (delayMs === 0 || added <= 2) },
          );
          if (workers) rows.push(...workerRows(`${title}, ${workersOf()} api workers`, stand.engine, measured, delayMs));
          rows.push(bareRow(`${title}: what a bare Node proxy adds (no key, no template, no trace)`, stand.engine, measured));
          if (delayMs > 0) {
            const calm = await measure(targets, UNSATURATED_CONNECTIONS);
            const calmAdded = calm.crucible!.p50Ms - calm.direct!.p50Ms;
            rows.push({
              benchmark: `POST /apps/{id}/invoke, mock ${delayMs} ms, ${UNSATURATED_CONNECTIONS} conn (unsaturated): p50 added`, engine: stand.engine,
              measured: `+${calmAdded.toFixed(2)} ms (${describe(calm.crucible!)})`, baseline: `mock direct ${describe(calm.direct!)}`,
              ratio: `Portkey +${(calm.portkeyRun!.p50Ms - calm.direct!.p50Ms).toFixed(2)} ms`, goal: '≤ 2 ms',
              met: calm.crucible!.failures === 0 && calmAdded <= 2,
            });
            if (workers) {
              const workersAdded = calm['crucibleWorkers']!.p50Ms - calm.direct!.p50Ms;
              rows.push({
                benchmark: `POST /apps/{id}/invoke, mock ${delayMs} ms, ${UNSATURATED_CONNECTIONS} conn (unsaturated), ${workersOf()} api workers: p50 added`,
                engine: stand.engine, measured: `+${workersAdded.toFixed(2)} ms (${describe(calm['crucibleWorkers']!)})`, baseline: `mock direct ${describe(calm.direct!)}`,
                ratio: `Portkey +${(calm.portkeyRun!.p50Ms - calm.direct!.p50Ms).toFixed(2)} ms`, goal: '≤ 2 ms',
                met: calm['crucibleWorkers']!.failures === 0 && workersAdded <= 2,
              });
            }
          }
        } finally {
          for (const child of children.splice(0)) child.kill();
        }
      }
    } finally {
      portkey.close();
      await workers?.close();
    }
    return rows;
  },
};

/** The rows of the api with CRUCIBLE_API_WORKERS, measured in the same rounds as the rest. */
function workerRows(title: string, engine: BenchRow['engine'], measured: Record<string, Pooled>, delayMs: number): BenchRow[] {
  const { direct, portkeyRun } = measured;
  const crucible = measured['crucibleWorkers']!;
  const ofDirect = crucible.requestsPerSecond / direct!.requestsPerSecond;
  const ofPortkey = crucible.requestsPerSecond / portkeyRun!.requestsPerSecond;
  const added = crucible.p50Ms - direct!.p50Ms;
  const clean = crucible.failures === 0;
  return [
    { benchmark: title, engine, measured: describe(crucible), baseline: `mock direct ${describe(direct!)}`, ratio: `${percent(ofDirect)} of direct`,
      goal: delayMs > 0 ? '≥ 85 %' : '— (hop cost)', met: clean && (delayMs === 0 || ofDirect >= 0.85) },
    { benchmark: title, engine, measured: describe(crucible), baseline: `Portkey 1.15.2 ${describe(portkeyRun!)}`, ratio: `${ofPortkey.toFixed(2)}× Portkey`,
      goal: delayMs > 0 ? '≥ 1×' : '— (hop cost)', met: clean && (delayMs === 0 || ofPortkey >= 1) },
    { benchmark: `${title}: p50 added`, engine, measured: `+${added.toFixed(2)} ms`, baseline: `mock direct p50 ${direct!.p50Ms.toFixed(1)} ms`,
      ratio: `Portkey +${(portkeyRun!.p50Ms - direct!.p50Ms).toFixed(2)} ms`, goal: delayMs > 0 ? '≤ 2 ms' : '—', met: clean && (delayMs === 0 || added <= 2) },
  ];
}

/**
 * The floor: a Node proxy that only forwards (support/bare-proxy.ts), measured in the same rounds. Its p50 added at
 * 50 connections is what Node's HTTP on both sides costs here, before any of the gateway's own work.
 */
function bareRow(title: string, engine: BenchRow['engine'], measured: Record<string, Pooled>): BenchRow {
  const { direct, crucible } = measured;
  const bare = measured['bareNode']!;
  return {
    benchmark: title, engine, measured: `+${(bare.p50Ms - direct!.p50Ms).toFixed(2)} ms (${describe(bare)})`,
    baseline: `mock direct p50 ${direct!.p50Ms.toFixed(1)} ms`, ratio: `Crucible +${(crucible!.p50Ms - direct!.p50Ms).toFixed(2)} ms`,
    goal: '— (reference)', met: bare.failures === 0,
  };
}
