// Child process of the load benchmarks: runs autocannon with the options given as JSON in argv[2] and prints its
// result as JSON, with every response's latency, so that rounds can be pooled. The load generator parses every
// answer (2 MB of JSON for the listing); in a process of its own that work is not charged to the server it measures.
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');
const latencies = [];
const instance = autocannon(JSON.parse(process.argv[2]), (error, result) => {
  if (error) throw error;
  process.stdout.write(JSON.stringify({
    requests: result.requests, throughput: result.throughput, latencies,
    non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
  }));
});
instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
