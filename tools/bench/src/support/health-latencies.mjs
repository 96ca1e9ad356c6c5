// Polls GET <api>/health about every <interval> ms from a process of its own (so the api's process never delays the
// clock) until its stdin ends; then prints a JSON array of each poll's latency in ms.
// usage: node health-latencies.mjs <api url> <interval ms>
/* global fetch */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const [base, interval] = process.argv.slice(2);
const latencies = [];
let polling = true;
process.stdin.on('end', () => { polling = false; });
process.stdin.resume();
while (polling) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/health`);
    await response.arrayBuffer();
  } finally {
    latencies.push(performance.now() - started);
  }
  await sleep(Math.max(0, Number(interval) - (performance.now() - started)));
}
process.stdout.write(JSON.stringify(latencies));
