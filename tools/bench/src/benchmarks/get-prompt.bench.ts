/**
 * SDK `getPrompt` warm: calls per second in one process once the prompt is in memory, and how many of them reached
 * the network within the TTL. The registry is a local stand-in answering `GET /configs` as the api does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPrompt, init, promptFetchCount } from '@crucible/sdk';
import type { Benchmark } from '../support/benchmark';

const CONFIG = JSON.stringify({
  app_id: '00000000-0000-4000-8000-000000000001', variant_id: '00000000-0000-4000-8000-000000000002', variant_name: 'default',
  variant_revision_id: '00000000-0000-4000-8000-000000000003', revision: 3, environment: 'production',
  parameters: { prompt: { messages: [{ role: 'system', content: 'You are terse.' }, { role: 'user', content: '{{input}}' }], template_format: 'curly' } },
});

export const getPromptBenchmark: Benchmark = {
  name: 'get-prompt',
  perEngine: false,
  async run() {
    let registryCalls = 0;
    const registry = createServer((_req, res) => {
      registryCalls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(CONFIG);
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    try {
      init({ host: `http://127.0.0.1:${(registry.address() as AddressInfo).port}`, apiKey: 'crc_bench', exportTraces: false });
      const options = { app: 'support-bot', cacheTtlSeconds: 60 };
      await getPrompt(options);
      const fetchesBefore = promptFetchCount();
      const callsBefore = registryCalls;
      let calls = 0;
      const started = performance.now();
      // In batches, checking the clock between them: two seconds of calls, all within the TTL.
      while (performance.now() - started < 2000) {
        for (let i = 0; i < 10_000; i++) await getPrompt(options);
        calls += 10_000;
      }
      const perSecond = calls / ((performance.now() - started) / 1000);
      const network = Math.max(promptFetchCount() - fetchesBefore, registryCalls - callsBefore);
      return [{
        benchmark: 'SDK getPrompt warm (in memory)', engine: '—',
        measured: `${(perSecond / 1e6).toFixed(2)} M calls/s, ${network} network calls in ${calls.toLocaleString('en')} calls`,
        baseline: `first call fetched once (${callsBefore} registry call)`, ratio: `${network} network calls within the TTL`,
        goal: '≥ 1 M calls/s, 0 network calls', met: perSecond >= 1e6 && network === 0,
      }];
    } finally {
      registry.close();
    }
  },
};
