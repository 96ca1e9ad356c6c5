/**
 * Streaming through the gateway: how long after the mock LLM writes its first chunk the first `event: delta` byte
 * reaches the client (`POST /apps/{id}/invoke` with `Accept: text/event-stream`), median of sequential calls. The
 * mock runs in this process, so both instants come from one clock.
 */
import { startMockLlmServer } from '@crucible/mock-llm';
import type { Benchmark } from '../support/benchmark';
import { INVOKE_BODY, deployedPromptApp } from '../support/prompt-app';
import { BENCH_KEY, type Stand } from '../support/stand';
import { percentile } from '../support/statistics';

const CALLS = 60;
const WARM_UP = 10;

export const streamingBenchmark: Benchmark = {
  name: 'streaming',
  perEngine: true,
  async run(stand: Stand) {
    let firstChunkAt = 0;
    const mock = await startMockLlmServer({ onFirstChunk: () => { firstChunkAt = performance.now(); } });
    try {
      const { appId } = await deployedPromptApp(stand, 'stream-mock', mock.url);
      const gaps: number[] = [];
      for (let call = 0; call < CALLS + WARM_UP; call++) {
        firstChunkAt = 0;
        const response = await fetch(`${stand.base}/apps/${appId}/invoke`, {
          method: 'POST', body: INVOKE_BODY,
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `ApiKey ${BENCH_KEY}` },
        });
        const reader = response.body!.getReader();
        let text = '';
        let firstDeltaAt = 0;
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          text += new TextDecoder().decode(read.value);
          if (!firstDeltaAt && text.includes('event: delta')) firstDeltaAt = performance.now();
        }
        if (!firstDeltaAt || !firstChunkAt || !text.includes('event: done')) throw new Error(`the stream did not deliver: ${text.slice(0, 300)}`);
        if (call >= WARM_UP) gaps.push(firstDeltaAt - firstChunkAt);
      }
      const median = percentile(gaps, 50);
      return [{
        benchmark: 'gateway SSE: first delta byte after the mock’s first chunk', engine: stand.engine,
        measured: `median ${median.toFixed(2)} ms, p90 ${percentile(gaps, 90).toFixed(2)} ms (${CALLS} calls)`,
        baseline: 'the mock’s first chunk written', ratio: `+${median.toFixed(2)} ms`, goal: '≤ 5 ms', met: median <= 5,
      }];
    } finally {
      await mock.close();
    }
  },
};
