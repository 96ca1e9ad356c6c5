// Child process of the load benchmarks: runs autocannon with the options given as JSON in argv[2] and prints its
// result as JSON. The load generator parses every answer (2 MB of JSON for the listing); in a process of its own
// that work is not charged to the server it measures.
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');
const result = await autocannon(JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify({
  requests: result.requests, latency: result.latency, throughput: result.throughput,
  non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
}));
