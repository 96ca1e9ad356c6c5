/**
 * Evaluation throughput: 1000 rows, three evaluators, the example completion app on the mock LLM.
 *  1. zero latency: rows/s through Crucible against calling the app directly (same rows, same concurrency),
 *     and the runner's overhead per row;
 *  2. 50 ms app latency, batch_size 20: wall time against the ideal rows × latency / batch_size.
 * Run: npm run bench  (BENCH_ROWS overrides the row count)
 */
import { createApiApp, bootstrapDefaultProject } from '@crucible/api';
import { createCompletionApp } from '@crucible/examples';
import { startMockLlmServer } from '@crucible/mock-llm';
import { createLogger } from '@crucible/platform';
import { init } from '@crucible/sdk';
import type { AddressInfo } from 'node:net';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 1000);
const BATCH = 20;
const KEY = 'crc_bench-key-0123456789abcdefghij';

async function json(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `ApiKey ${KEY}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

const rows = Array.from({ length: ROWS }, (_, i) => ({ input: `City${i}`, correct_answer: `City${i}` }));

async function timeDirectCalls(url: string): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < rows.length; start += BATCH) {
    await Promise.all(rows.slice(start, start + BATCH).map(async ({ input }) => {
      const response = await fetch(`${url}/playground/run`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { input }, config: { prompt_template: 'MOCK_REPLY: {input}' } }),
      });
      await response.json();
    }));
  }
  return (performance.now() - started) / 1000;
}

async function timeEvaluation(base: string, setup: { appId: string; revisionId: string; testsetId: string; configIds: string[] }): Promise<number> {
  const started = performance.now();
  const [evaluation] = await json(base, 'POST', '/evaluations', {
    app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: setup.configIds, testset_id: setup.testsetId,
    rate_limit: { batch_size: BATCH, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
  });
  for (;;) {
    const status = await json(base, 'GET', `/evaluations/${evaluation.id}/status`);
    if (status.status.value !== 'EVALUATION_STARTED' && status.status.value !== 'EVALUATION_INITIALIZED') {
      if (status.status.value !== 'EVALUATION_FINISHED') throw new Error(`evaluation ended ${JSON.stringify(status)}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (performance.now() - started) / 1000;
}

export async function runEvaluationThroughput(): Promise<void> {
  const logger = createLogger('bench');
  logger.level = 'warn';
  const api = await createApiApp({ database: { kind: 'pglite', dataDir: null }, queue: { kind: 'in-process', concurrency: 2 }, logger });
  await bootstrapDefaultProject(api, logger, KEY);
  await api.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`;
  const fast = await startMockLlmServer({ latencyMs: 0 });
  const slow = await startMockLlmServer({ latencyMs: 50 });
  init({ host: base, openaiBaseUrl: fast.url, openaiApiKey: 'bench', llmMaxRetries: 0 });
  const service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  try {
    const app = await json(base, 'POST', '/apps', { app_name: 'bench' });
    const variant = await json(base, 'POST', `/apps/${app.app_id}/variant/from-service`, {
      variant_name: 'completion', url: service.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    });
    const [revision] = await json(base, 'GET', `/variants/${variant.variant_id}/revisions`);
    const testset = await json(base, 'POST', '/testsets', { name: 'bench', csvdata: rows });
    const configIds: string[] = [];
    for (const config of [
      { evaluator_key: 'auto_exact_match', settings_values: {} },
      { evaluator_key: 'auto_similarity_match', settings_values: { similarity_threshold: 0.5 } },
      { evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^City', regex_should_match: true } },
    ]) configIds.push((await json(base, 'POST', '/evaluators/configs', { name: config.evaluator_key, ...config })).id);
    const setup = { appId: app.app_id, revisionId: revision.id, testsetId: testset.id, configIds };

    // Warm both paths once (JIT, connection pools), then measure.
    await timeDirectCalls(service.url);
    const direct = await timeDirectCalls(service.url);
    const crucible = await timeEvaluation(base, setup);
    console.log(`\nevaluation-throughput: ${ROWS} rows, 3 evaluators, batch_size ${BATCH}`);
    console.log(`  zero latency   direct app calls (baseline) ${direct.toFixed(2)} s = ${(ROWS / direct).toFixed(0)} rows/s`);
    console.log(`                 through Crucible            ${crucible.toFixed(2)} s = ${(ROWS / crucible).toFixed(0)} rows/s`);
    console.log(`                 ratio Crucible / direct     ${(crucible / direct).toFixed(2)}x; runner overhead ${(((crucible - direct) / ROWS) * 1000).toFixed(2)} ms/row`);

    init({ host: base, openaiBaseUrl: slow.url, openaiApiKey: 'bench', llmMaxRetries: 0 });
    const ideal = (ROWS * 0.05) / BATCH;
    const directSlow = await timeDirectCalls(service.url);
    const crucibleSlow = await timeEvaluation(base, setup);
    console.log(`  50 ms latency  ideal rows × latency / batch ${ideal.toFixed(2)} s`);
    console.log(`                 direct app calls            ${directSlow.toFixed(2)} s = ${(directSlow / ideal).toFixed(2)}x ideal`);
    console.log(`                 through Crucible            ${crucibleSlow.toFixed(2)} s = ${(crucibleSlow / ideal).toFixed(2)}x ideal, ${(crucibleSlow / directSlow).toFixed(2)}x direct`);
  } finally {
    await service.close();
    await fast.close();
    await slow.close();
    await api.close();
  }
}
