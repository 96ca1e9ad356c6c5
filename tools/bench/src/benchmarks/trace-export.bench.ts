/**
 * SDK call latency with trace export on against off: p50 of sequential playground calls of the example completion
 * app on the zero-latency mock LLM, rounds alternating so both see the same machine (ARCHITECTURE §14). The apps, the
 * mock LLM and the timing client each run in a process of their own, as in a deployment, so the api taking the traces
 * (in the bench process) shares no event loop with what is measured.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Benchmark } from '../support/benchmark';
import { startChild } from '../support/child-server';
import { BENCH_KEY } from '../support/stand';
import { workspaceRoot } from '../support/workspace-root';
import { percentile } from '../support/statistics';

const ROOT = workspaceRoot();

const CALLS_PER_ROUND = Number(process.env['BENCH_TRACE_CALLS'] ?? 400);
const ROUNDS = 4;

/** Takes `POST /traces` batches, reads and parses them, and counts the traces. */
async function traceSink(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received += (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { traces: unknown[] }).traces.length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sequential playground calls timed by a process of their own (support/call-latencies.mjs). */
function callLatencies(service: { url: string }, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(ROOT, 'tools/bench/src/support/call-latencies.mjs'), service.url, String(count)],
      { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as number[])));
  });
}

export const traceExportBenchmark: Benchmark = {
  name: 'trace-export',
  perEngine: false,
  async run() {
    const mock = await startChild('tools/mock-llm/src/main.ts', { MOCK_LLM_PORT: '0' });
    // The exporting app sends to a sink that only reads the batches: what is measured is the SDK's own cost, not the
    // api's ingest competing for the same two cores (the trace-ingest benchmark measures that).
    const sink = await traceSink();
    const app = { PORT: '0', HOST: '127.0.0.1', OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'bench', CRUCIBLE_HOST: sink.url, CRUCIBLE_API_KEY: BENCH_KEY, LOG_LEVEL: 'warn' };
    const entry = 'examples/src/completion-app/main.ts';
    const apps = await Promise.all([startChild(entry, { ...app, CRUCIBLE_TRACE_EXPORT: 'off' }), startChild(entry, app)]);
    const [withoutExport, withExport] = apps;
    const off: number[] = [];
    const on: number[] = [];
    try {
      await callLatencies(withoutExport!, 100); // warm-up
      await callLatencies(withExport!, 100);
      for (let round = 0; round < ROUNDS; round += 1) {
        off.push(...(await callLatencies(withoutExport!, CALLS_PER_ROUND)));
        on.push(...(await callLatencies(withExport!, CALLS_PER_ROUND)));
      }
    } finally {
      for (const server of [...apps, mock]) server.child.kill();
      await sink.close();
    }
    if (sink.received() === 0) throw new Error('trace export was on, but no trace arrived');
    const [p50Off, p50On] = [percentile(off, 50), percentile(on, 50)];
    const overhead = p50On / p50Off - 1;
    return [{
      benchmark: `SDK playground call, trace export on (${ROUNDS * CALLS_PER_ROUND} calls)`,
      engine: '—',
      measured: `p50 ${p50On.toFixed(2)} ms, p95 ${percentile(on, 95).toFixed(2)} ms`,
      baseline: `export off: p50 ${p50Off.toFixed(2)} ms, p95 ${percentile(off, 95).toFixed(2)} ms`,
      ratio: `${overhead >= 0 ? '+' : ''}${(overhead * 100).toFixed(1)} % p50`,
      goal: 'p50 overhead ≤ 5 %',
      met: overhead <= 0.05,
    }];
  },
};
