/**
 * /health while GET /evaluations/compare works: two finished evaluations of 50 000 rows (BENCH_COMPARE_HEALTH_ROWS),
 * three comparisons of them at once, /health polled every 20 ms by a process of its own; its p99 against the 200 ms
 * goal, and against its p99 with nothing running (same run). Past CRUCIBLE_MAX_CONCURRENT_COMPARISONS (default 2; run
 * with 3 to compute all three) the rest are answered 429 at once; the row says which bound the api had.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ComparisonSlots, EvaluationRepository } from '@crucible/application';
import type { Evaluation, EvaluationScenario } from '@crucible/domain';
import type { Benchmark } from '../support/benchmark';
import { writeFinishedEvaluations } from '../support/finished-evaluations';
import { percentile } from '../support/statistics';
import { BENCH_KEY, type Stand, seconds } from '../support/stand';
import { workspaceRoot } from '../support/workspace-root';

const ROWS = Number(process.env['BENCH_COMPARE_HEALTH_ROWS'] ?? 50_000);
const AT_ONCE = 3;
const POLL_EVERY_MS = 20;
const BASELINE_MS = 3000;
const GOAL_P99_MS = 200;
const WRITTEN_AT_ONCE = 1000;

function scenarioRow(evaluation: Evaluation, rowIndex: number, shift: number): EvaluationScenario {
  const [exact, similarity, regex] = evaluation.evaluatorConfigs;
  return {
    id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex, repetition: 1,
    inputs: { input: `City${rowIndex}`, context: 'x'.repeat(400) }, output: `City${rowIndex} ${'y'.repeat(400)}`, correctAnswer: `City${rowIndex}`,
    results: [
      { evaluatorConfigId: exact!.id, result: { type: 'bool', value: (rowIndex + shift) % 5 !== 0 } },
      { evaluatorConfigId: similarity!.id, result: { type: 'number', value: ((rowIndex + shift) % 100) / 100 } },
      { evaluatorConfigId: regex!.id, result: { type: 'bool', value: true } },
    ],
    latency: 0.05 + ((rowIndex + shift) % 7) / 100, cost: 0.000012 * ((rowIndex + shift) % 10),
    error: rowIndex % 211 === 0 ? { message: 'app failed' } : null, traceId: null, createdAt: new Date(),
  };
}

/** The comparison's URL, and the same evaluations the other way round (another comparison, not cached with it). */
async function comparedPair(stand: Stand, rows: number): Promise<{ url: string; reversed: string }> {
  const { evaluations } = await writeFinishedEvaluations(stand, 2);
  const repository = stand.app.get(EvaluationRepository);
  for (const [shift, evaluation] of evaluations.entries()) {
    for (let start = 0; start < rows; start += WRITTEN_AT_ONCE) {
      const indexes = Array.from({ length: Math.min(WRITTEN_AT_ONCE, rows - start) }, (_, i) => start + i);
      await repository.saveScenarios(indexes.map((rowIndex) => scenarioRow(evaluation, rowIndex, shift)));
    }
  }
  const urlOf = (ids: string[]) => `${stand.base}/evaluations/compare?evaluations_ids=${ids.join(',')}`;
  const ids = evaluations.map((e) => e.id);
  return { url: urlOf(ids), reversed: urlOf([...ids].reverse()) };
}

/** Starts polling /health from another process; `stop` answers each poll's latency (ms). */
function pollHealth(base: string): { stop(): Promise<number[]> } {
  const child: ChildProcess = spawn(process.execPath, [join(workspaceRoot(), 'tools/bench/src/support/health-latencies.mjs'), base, String(POLL_EVERY_MS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (data: Buffer) => { out += data.toString(); });
  const exited = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`health poller exited ${code}`)))));
  return {
    async stop() {
      child.stdin!.end();
      await exited;
      return JSON.parse(out) as number[];
    },
  };
}

async function compare(url: string): Promise<{ status: number; seconds: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `ApiKey ${BENCH_KEY}` } });
  await response.arrayBuffer();
  return { status: response.status, seconds: seconds(started) };
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** The api's process (this one) sampled every 100 ms: its peak resident memory until `stop`, in MB. */
function samplePeakRss(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss()) / 2 ** 20;
    },
  };
}

export const comparisonHealthBenchmark: Benchmark = {
  name: 'comparison-health',
  perEngine: true,
  async run(stand) {
    const bound = stand.app.get(ComparisonSlots).max;
    // A small pair first: the route and its code warmed up.
    const warm = await comparedPair(stand, 1000);
    if ((await compare(warm.url)).status !== 200) throw new Error('the warm-up comparison failed');
    const { url: large, reversed } = await comparedPair(stand, ROWS);

    const idle = pollHealth(stand.base);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const idleLatencies = await idle.stop();

    const rssBefore = process.memoryUsage.rss() / 2 ** 20;
    const rss = samplePeakRss();
    const busy = pollHealth(stand.base);
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => compare(large)));
    const busyLatencies = await busy.stop();
    const rssPeak = rss.stop();

    const computed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    if (computed.length + refused.length !== AT_ONCE || computed.length === 0) {
      throw new Error(`comparisons answered ${answers.map((a) => a.status).join(', ')}`);
    }
    const alone = await compare(reversed);
    const cached = await compare(large);
    const p99 = percentile(busyLatencies, 99);
    return [{
      benchmark: `/health while ${AT_ONCE} × GET /evaluations/compare, 2 × ${ROWS} rows (bound ${bound}: ${computed.length} computed, ${refused.length} answered 429)`,
      engine: stand.engine,
      measured: `p50 ${ms(percentile(busyLatencies, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...busyLatencies))} (${busyLatencies.length} polls); `
        + `comparisons ${computed.map((a) => `${a.seconds.toFixed(1)} s`).join(', ')}; one alone ${alone.seconds.toFixed(1)} s; `
        + `again (cached) ${(cached.seconds * 1000).toFixed(0)} ms; RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB`,
      baseline: `idle: p50 ${ms(percentile(idleLatencies, 50))}, p99 ${ms(percentile(idleLatencies, 99))}`,
      ratio: `p99 ${(p99 / Math.max(1, percentile(idleLatencies, 99))).toFixed(1)}× idle`,
      goal: `p99 ≤ ${GOAL_P99_MS} ms`,
      met: p99 <= GOAL_P99_MS,
    }];
  },
};
