/**
 * SDK call latency with trace export on against off: p50 of sequential playground calls of the example completion
 * app on the zero-latency mock LLM, rounds alternating so both see the same machine (ARCHITECTURE §14). Each app
 * runs in its own process, as a deployed service does, so the api taking the traces does not share its event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { startMockLlmServer } from '@crucible/mock-llm';
import type { Benchmark } from '../support/benchmark';
import { BENCH_KEY } from '../support/stand';
import { workspaceRoot } from '../support/workspace-root';

const ROOT = workspaceRoot();

const CALLS_PER_ROUND = Number(process.env['BENCH_TRACE_CALLS'] ?? 400);
const ROUNDS = 4;

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface AppProcess {
  url: string;
  child: ChildProcess;
}

/** The example completion app (examples/src/completion-app/main.ts) in a child process on a free port. */
function startApp(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'examples/src/completion-app/main.ts')], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), PORT: '0', HOST: '127.0.0.1', ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`the completion app exited (${code}) before listening`)));
  });
}

async function callLatencies(service: { url: string }, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${service.url}/playground/run`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { input: `call ${i}` }, config: { prompt_template: 'MOCK_REPLY: {input}' } }),
    });
    await response.json();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

export const traceExportBenchmark: Benchmark = {
  name: 'trace-export',
  perEngine: true,
  async run(stand) {
    const mock = await startMockLlmServer();
    const common = { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'bench', CRUCIBLE_HOST: stand.base, CRUCIBLE_API_KEY: BENCH_KEY, LOG_LEVEL: 'warn' };
    const apps = await Promise.all([startApp({ ...common, CRUCIBLE_TRACE_EXPORT: 'off' }), startApp(common)]);
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
      for (const app of apps) app.child.kill();
      await mock.close();
    }
    const stored = await stand.request<unknown[]>('GET', '/traces?limit=1');
    if (stored.length === 0) throw new Error('trace export was on, but the api received no trace');
    const [p50Off, p50On] = [percentile(off, 50), percentile(on, 50)];
    const overhead = p50On / p50Off - 1;
    return [{
      benchmark: `SDK playground call, trace export on (${ROUNDS * CALLS_PER_ROUND} calls)`,
      engine: stand.engine,
      measured: `p50 ${p50On.toFixed(2)} ms, p95 ${percentile(on, 95).toFixed(2)} ms`,
      baseline: `export off: p50 ${p50Off.toFixed(2)} ms, p95 ${percentile(off, 95).toFixed(2)} ms`,
      ratio: `${overhead >= 0 ? '+' : ''}${(overhead * 100).toFixed(1)} % p50`,
      goal: 'p50 overhead ≤ 5 %',
      met: overhead <= 0.05,
    }];
  },
};
