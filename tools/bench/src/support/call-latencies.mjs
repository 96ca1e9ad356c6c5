// Times sequential playground calls from a process of its own, so the api taking the traces in the bench
// process never delays the clock. usage: node call-latencies.mjs <service url> <count>; prints a JSON array (ms).
/* global fetch */
import { performance } from 'node:perf_hooks';

const [url, count] = process.argv.slice(2);
const latencies = [];
for (let i = 0; i < Number(count); i += 1) {
  const started = performance.now();
  const response = await fetch(`${url}/playground/run`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inputs: { input: `call ${i}` }, config: { prompt_template: 'MOCK_REPLY: {input}' } }),
  });
  await response.json();
  latencies.push(performance.now() - started);
}
process.stdout.write(JSON.stringify(latencies));
