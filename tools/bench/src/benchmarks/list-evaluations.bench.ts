/**
 * GET /evaluations?app_id=… over 1 000 finished evaluations (≈1 MB), 20 connections, against a bare node:http
 * server sending the very same bytes.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EvaluationRepository } from '@crucible/application';
import type { Evaluation } from '@crucible/domain';
import type { Benchmark } from '../support/benchmark';
import { compareLoads, describeLoad } from '../support/load';
import { createBenchSetup } from '../support/setup';
import { BENCH_KEY, type Stand } from '../support/stand';
import { percent } from '../support/table';

const EVALUATIONS = Number(process.env['BENCH_LIST_EVALUATIONS'] ?? 1000);
const CONNECTIONS = 20;
const ROUND_SECONDS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 3);

export async function seedFinishedEvaluations(stand: Stand): Promise<string> {
  // The service is never called: evaluations are written finished, as the runner would leave them.
  const setup = await createBenchSetup(stand, 'http://127.0.0.1:9', [{ input: 'x', correct_answer: 'x' }]);
  const [template] = await stand.request<Array<{ id: string }>>('POST', '/evaluations', {
    app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: setup.configIds, testset_id: setup.testsetId,
    rate_limit: { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
  });
  const repository = stand.app.get(EvaluationRepository);
  const projectId = (await stand.request<Array<{ project_id: string }>>('GET', `/evaluations?app_id=${setup.appId}`))[0]!.project_id;
  const base = (await repository.findById(projectId, template!.id))!;
  await repository.deleteMany(projectId, [base.id]);
  const finished: Evaluation[] = Array.from({ length: EVALUATIONS }, (_, i) => ({
    ...base, id: randomUUID(), status: 'EVALUATION_FINISHED', progressDone: 100, progressTotal: 100,
    aggregatedResults: base.evaluatorConfigs.map((config, k) => ({ evaluatorConfigId: config.id, result: { type: 'number', value: ((i + k) % 97) / 97 } })),
    averageCost: 0.000012 * (i % 10), totalCost: 0.0012 * (i % 10), averageLatency: 0.05 + (i % 7) / 100,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000), updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000 + 500),
  }));
  for (let start = 0; start < finished.length; start += 100) await repository.createMany(finished.slice(start, start + 100));
  return setup.appId;
}

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
    const appId = await seedFinishedEvaluations(stand);
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
