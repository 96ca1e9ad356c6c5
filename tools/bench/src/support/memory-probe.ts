/**
 * Child process of the memory benchmark: one api on one engine runs one evaluation of `rows` rows against a
 * bare app answering at once, and prints {baseline, peak} resident set size (bytes) and its wall time as JSON on a
 * line of its own, after MEMORY_PROBE_RESULT (the api's log lines share stdout).
 * The baseline is taken after the test set is stored and garbage is collected, just before the evaluation.
 * Usage: start.mjs tools/bench/src/support/memory-probe.ts <pglite|postgres> <rows>
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundHeapGrowth, compileWasmForMemory, holdYoungGeneration, letYoungGenerationGrow } from '@crucible/platform';
import { timeEvaluation } from './evaluation-run';
import { MEMORY_PROBE_RESULT } from './memory-probe-result';
import { type Engine, openStand } from './stand';
import { cityRows } from './setup';

const BATCH = 100;

async function main(): Promise<void> {
  // As the api's and the runner's main do.
  boundHeapGrowth();
  holdYoungGeneration();
  const [engine, count] = [process.argv[2] as Engine, Number(process.argv[3])];
  if (engine === 'pglite') compileWasmForMemory();
  const app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { inputs } = JSON.parse(Buffer.concat(chunks).toString()) as { inputs: { input: string } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: inputs.input }));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const stand = await openStand(engine);
  letYoungGenerationGrow();
  try {
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const created = await stand.request<{ app_id: string }>('POST', '/apps', { app_name: 'memory' });
    const variant = await stand.request<{ variant_id: string }>('POST', `/apps/${created.app_id}/variant/from-service`, {
      variant_name: 'echo', url: appUrl, parameters: {},
    });
    const [revision] = await stand.request<Array<{ id: string }>>('GET', `/variants/${variant.variant_id}/revisions`);
    const testset = await stand.request<{ id: string }>('POST', '/testsets', { name: 'memory', csvdata: cityRows(count) });
    const config = await stand.request<{ id: string }>('POST', '/evaluators/configs', { name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} });
    const setup = { appId: created.app_id, revisionId: revision!.id, testsetId: testset.id, configIds: [config.id] };
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
    const wall = await timeEvaluation(stand, setup, testset.id, BATCH);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    process.stdout.write(`${MEMORY_PROBE_RESULT}${JSON.stringify({ baseline, peak, wall })}\n`);
  } finally {
    await stand.close();
    app.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
