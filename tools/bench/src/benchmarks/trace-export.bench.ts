/**
 * SDK call latency with trace export on against off: p50 of sequential playground calls of the example completion
 * app on the zero-latency mock LLM, rounds alternating so both see the same machine (ARCHITECTURE §14).
 */
import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer } from '@crucible/mock-llm';
import { flushTraces, init, type RunningService } from '@crucible/sdk';
import type { Benchmark } from '../support/benchmark';
import { BENCH_KEY } from '../support/stand';

const CALLS_PER_ROUND = Number(process.env['BENCH_TRACE_CALLS'] ?? 400);
const ROUNDS = 4;

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function callLatencies(service: RunningService, count: number): Promise<number[]> {
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
    const settings = { openaiBaseUrl: mock.url, openaiApiKey: 'bench', llmMaxRetries: 0 };
    const service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
    const off: number[] = [];
    const on: number[] = [];
    try {
      init({ ...settings, exportTraces: false });
      await callLatencies(service, 100); // warm-up
      for (let round = 0; round < ROUNDS; round += 1) {
        init({ ...settings, exportTraces: false });
        off.push(...(await callLatencies(service, CALLS_PER_ROUND)));
        init({ ...settings, host: stand.base, apiKey: BENCH_KEY });
        on.push(...(await callLatencies(service, CALLS_PER_ROUND)));
        await flushTraces();
      }
    } finally {
      await service.close();
      await mock.close();
      init({ exportTraces: false });
    }
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
