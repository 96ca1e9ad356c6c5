/**
 * GET /evaluations?app_id=… over 1 000 finished evaluations (≈1 MB), 20 connections, against a bare node:http
 * server sending the very same bytes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Benchmark } from '../support/benchmark';
import { compareLoads, describeLoad } from '../support/load';
import { writeFinishedEvaluations } from '../support/finished-evaluations';
import { BENCH_KEY } from '../support/stand';
import { percent } from '../support/table';

const EVALUATIONS = Number(process.env['BENCH_LIST_EVALUATIONS'] ?? 1000);
const CONNECTIONS = 20;
const ROUND_SECONDS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 3);

async function bareServer(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const listEvaluationsBenchmark: Benchmark = {
  name: 'list-evaluations',
  perEngine: true,
  async run(stand) {
    const { appId } = await writeFinishedEvaluations(stand, EVALUATIONS);
    const url = `${stand.base}/evaluations?app_id=${appId}`;
    const headers = { authorization: `ApiKey ${BENCH_KEY}` };
    // Seeding can outlast the server's keep-alive (5 s): a pooled socket closed meanwhile resets once.
    const response = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
    const body = Buffer.from(await response.arrayBuffer());
    const count = (JSON.parse(body.toString()) as unknown[]).length;
    if (count !== EVALUATIONS) throw new Error(`listed ${count} evaluations, expected ${EVALUATIONS}`);
    const bare = await bareServer(body);
    try {
      const { baseline, crucible } = await compareLoads(
        { url: bare.url, connections: CONNECTIONS }, { url, connections: CONNECTIONS, headers }, 3, ROUND_SECONDS,
      );
      const ratio = crucible.requestsPerSecond / baseline.requestsPerSecond;
      return [{
        benchmark: `GET /evaluations, ${EVALUATIONS} finished (${(body.length / 1e6).toFixed(2)} MB), ${CONNECTIONS} conn`,
        engine: stand.engine,
        measured: describeLoad(crucible),
        baseline: `bare node:http ${describeLoad(baseline)}`,
        ratio: `${percent(ratio)} of bare`,
        goal: '≥ 50 %, p99 < 250 ms',
        met: ratio >= 0.5 && crucible.p99Ms < 250 && crucible.failures === 0,
      }];
    } finally {
      await bare.close();
    }
  },
};
