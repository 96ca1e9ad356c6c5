import pLimit from 'p-limit';
import { request } from 'undici';
import type { BenchSetup } from './setup';
import { type Stand, seconds } from './stand';

/**
 * How often the waiting client asks for the status: as often as `crucible eval run` does (1 s; the console asks every
 * 0.7–1.5 s). The wall time comes from the evaluation's own timestamps, so how often the client asks does not change
 * it; but asked every 50 ms, the status requests cost this process (their client, the api, PGlite's worker) 60–100 µs
 * of CPU per row of a zero-latency run, a load a real client does not put on the runner and the bare loop does not
 * carry.
 */
const POLL_MS = 1000;

/**
 * Creates one evaluation and answers its wall time: from its creation to its final status, as the evaluation's own
 * `created_at` and `updated_at` tell it. The client would learn of the end up to a poll later; timing by polls put
 * up to 50 ms of noise on every run, a tenth of a 1 000-row run at full speed.
 */
export async function timeEvaluation(stand: Stand, setup: BenchSetup, testsetId: string, batchSize: number): Promise<number> {
  const [evaluation] = await stand.request<Array<{ id: string }>>('POST', '/evaluations', {
    app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: setup.configIds, testset_id: testsetId,
    rate_limit: { batch_size: batchSize, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
  });
  for (;;) {
    const { status } = await stand.request<{ status: { value: string } }>('GET', `/evaluations/${evaluation!.id}/status`);
    if (status.value !== 'EVALUATION_STARTED' && status.value !== 'EVALUATION_INITIALIZED') {
      if (status.value !== 'EVALUATION_FINISHED') throw new Error(`evaluation ended ${status.value}`);
      const ended = await stand.request<{ created_at: string; updated_at: string }>('GET', `/evaluations/${evaluation!.id}`);
      return (Date.parse(ended.updated_at) - Date.parse(ended.created_at)) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The baseline: the same rows sent straight to the app, `concurrency` in flight at any time, through undici's own
 * keep-alive pool (the runner's HTTP client, and faster than `fetch`), so the baseline is the best a loop can do.
 */
export async function timeBareLoop(serviceUrl: string, inputs: readonly string[], concurrency: number): Promise<number> {
  const started = performance.now();
  const limit = pLimit(concurrency);
  await Promise.all(inputs.map((input) => limit(async () => {
    const response = await request(`${serviceUrl}/playground/run`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { input }, config: { prompt_template: 'MOCK_REPLY: {input}' } }),
    });
    if (response.statusCode !== 200) throw new Error(`app answered ${response.statusCode}`);
    await response.body.json();
  })));
  return seconds(started);
}
