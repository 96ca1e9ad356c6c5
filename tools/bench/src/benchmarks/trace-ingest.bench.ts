/**
 * `POST /traces` ingest in spans/s: 60 batches of 100 SDK-shaped traces × 5 spans, 4 requests at once, against a bare
 * node:http server that reads and parses the very same bodies (ARCHITECTURE §14).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TraceRecord } from '@crucible/contracts';
import type { Benchmark } from '../support/benchmark';
import { BENCH_KEY } from '../support/stand';

const BATCHES = 60;
const CONCURRENCY = 4;

/**
 * A trace like the example app's: a workflow root, an llm call and three tasks. Unreported, its llm span has a model
 * and tokens but no cost, and the api prices it (ARCHITECTURE §15).
 */
function syntheticTrace(cost: 'reported' | 'unreported' = 'reported'): TraceRecord {
  const reported = cost === 'reported' ? { cost: 0.00001 } : {};
  const now = new Date().toISOString();
  const span = (name: string, kind: 'workflow' | 'task' | 'llm', parent: string | null) => ({
    span_id: randomUUID(), parent_span_id: parent, name, kind, status: 'ok' as const, start_time: now, end_time: now,
    latency_ms: 3, inputs: { input: 'What is the capital of France?' }, outputs: 'Paris',
    ...(kind === 'llm' ? { model: 'gpt-4o-mini', tokens: { prompt: 12, completion: 3, total: 15 }, ...reported } : {}),
  });
  const root = span('generate', 'workflow', null);
  const spans = [root, span('llm.chat', 'llm', root.span_id), ...['retrieve', 'rank', 'format'].map((n) => span(n, 'task', root.span_id))];
  return {
    trace_id: randomUUID(), latency_ms: 3, cost: reported.cost ?? 0, tokens: { prompt: 12, completion: 3, total: 15 }, spans,
    app_id: 'bench-app', environment: 'production', route: '/', inputs: root.inputs, output: root.outputs,
  };
}

/** Sends every body, CONCURRENCY at a time; seconds taken. */
async function sendAll(url: string, bodies: string[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `ApiKey ${BENCH_KEY}` }, body });
      if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer();
    }
  }));
  return (performance.now() - started) / 1000;
}

async function bareParser(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { traces: unknown[] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted_traces: parsed.traces.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/traces`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const traceIngestBenchmark: Benchmark = {
  name: 'trace-ingest',
  perEngine: true,
  async run(stand) {
    const makeBodies = (cost: 'reported' | 'unreported' = 'reported') =>
      Array.from({ length: BATCHES }, () => JSON.stringify({ traces: Array.from({ length: 100 }, () => syntheticTrace(cost)) }));
    const spans = BATCHES * 100 * 5;
    await sendAll(`${stand.base}/traces`, [JSON.stringify({ traces: Array.from({ length: 20 }, syntheticTrace) })]); // warm-up
    const bare = await bareParser();
    try {
      const bareSeconds = await sendAll(bare.url, makeBodies());
      const seconds = await sendAll(`${stand.base}/traces`, makeBodies());
      const rate = spans / seconds;
      const unreportedRate = spans / (await sendAll(`${stand.base}/traces`, makeBodies('unreported')));
      return [{
        benchmark: `POST /traces, ${BATCHES} × 100 traces × 5 spans, ${CONCURRENCY} at once`,
        engine: stand.engine,
        measured: `${Math.round(rate)} spans/s`,
        baseline: `bare node:http JSON parse ${Math.round(spans / bareSeconds)} spans/s`,
        ratio: `${((rate / (spans / bareSeconds)) * 100).toFixed(0)} % of bare`,
        goal: stand.engine === 'postgres' ? '≥ 5 000 spans/s' : 'reported',
        met: stand.engine === 'postgres' ? rate >= 5000 : true,
      }, {
        benchmark: `POST /traces, the same without costs: Crucible prices the llm spans`,
        engine: stand.engine,
        measured: `${Math.round(unreportedRate)} spans/s`,
        baseline: `with reported costs ${Math.round(rate)} spans/s`,
        ratio: `${((unreportedRate / rate) * 100).toFixed(0)} % of reported`,
        goal: 'reported',
        met: true,
      }];
    } finally {
      await bare.close();
    }
  },
};
