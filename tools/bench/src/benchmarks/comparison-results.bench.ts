/**
 * GET /evaluations/evaluation_scenarios/comparison-results over two finished evaluations of 10 000 rows each,
 * against the same request over two of 1 000 rows in the same run. Placed in one pass, ten times the rows take
 * about ten times as long (8–10× on a 2-core VM). Placing each scenario in its row's cell by a `find` over all of
 * them, as before, made it quadratic: 35× there, the find's share growing with the rows.
 */
import { randomUUID } from 'node:crypto';
import { EvaluationRepository } from '@crucible/application';
import type { Evaluation, EvaluationScenario } from '@crucible/domain';
import type { Benchmark } from '../support/benchmark';
import { writeFinishedEvaluations } from '../support/finished-evaluations';
import { percentile } from '../support/statistics';
import { BENCH_KEY, type Stand, seconds } from '../support/stand';

const SMALL = 1000;
const LARGE = Number(process.env['BENCH_COMPARISON_ROWS'] ?? 10_000);
const ROUNDS = 5;
/** Linear, within a factor of two. */
const GOAL_SCALE = 2 * (LARGE / SMALL);
const WRITTEN_AT_ONCE = 500;

function scenarioRow(evaluation: Evaluation, rowIndex: number): EvaluationScenario {
  const [exact, similarity, regex] = evaluation.evaluatorConfigs;
  const output = rowIndex % 5 === 0 ? `Town${rowIndex}` : `City${rowIndex}`;
  return {
    id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex, repetition: 1,
    inputs: { input: `City${rowIndex}` }, output, correctAnswer: `City${rowIndex}`,
    results: [
      { evaluatorConfigId: exact!.id, result: { type: 'bool', value: output === `City${rowIndex}` } },
      { evaluatorConfigId: similarity!.id, result: { type: 'number', value: (rowIndex % 100) / 100 } },
      { evaluatorConfigId: regex!.id, result: { type: 'bool', value: true } },
    ],
    latency: 0.05 + (rowIndex % 7) / 100, cost: 0.000012 * (rowIndex % 10), error: null, traceId: null, createdAt: new Date(),
  };
}

/** Two finished evaluations of one test set, `rows` scenarios each: the comparison's URL. */
async function comparedPair(stand: Stand, rows: number): Promise<string> {
  const { evaluations } = await writeFinishedEvaluations(stand, 2);
  const repository = stand.app.get(EvaluationRepository);
  for (const evaluation of evaluations) {
    for (let start = 0; start < rows; start += WRITTEN_AT_ONCE) {
      const indexes = Array.from({ length: Math.min(WRITTEN_AT_ONCE, rows - start) }, (_, i) => start + i);
      await repository.saveScenarios(indexes.map((rowIndex) => scenarioRow(evaluation, rowIndex)));
    }
  }
  return `${stand.base}/evaluations/evaluation_scenarios/comparison-results?evaluations_ids=${evaluations.map((e) => e.id).join(',')}`;
}

/** Seconds for one whole answer, checked to hold every row. */
async function timeComparison(url: string, rows: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `ApiKey ${BENCH_KEY}` } });
  const body = (await response.json()) as { rows?: unknown[] };
  const elapsed = seconds(started);
  if (!response.ok || body.rows?.length !== rows) throw new Error(`comparison answered ${response.status} with ${body.rows?.length} rows, expected ${rows}`);
  return elapsed;
}

export const comparisonResultsBenchmark: Benchmark = {
  name: 'comparison-results',
  perEngine: true,
  async run(stand) {
    const small = await comparedPair(stand, SMALL);
    const large = await comparedPair(stand, LARGE);
    // The first of each warms up the route and its code; then they take turns.
    await timeComparison(small, SMALL);
    await timeComparison(large, LARGE);
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      smallTimes.push(await timeComparison(small, SMALL));
      largeTimes.push(await timeComparison(large, LARGE));
    }
    const [smallS, largeS] = [percentile(smallTimes, 50), percentile(largeTimes, 50)];
    const scale = largeS / smallS;
    return [{
      benchmark: `GET comparison-results, 2 evaluations × ${LARGE} rows`,
      engine: stand.engine,
      measured: `${(largeS * 1000).toFixed(0)} ms (median of ${ROUNDS})`,
      baseline: `2 × ${SMALL} rows: ${(smallS * 1000).toFixed(0)} ms`,
      ratio: `${scale.toFixed(1)}× the time for ${LARGE / SMALL}× the rows`,
      goal: `≤ ${GOAL_SCALE}× (linear: ${LARGE / SMALL}×)`,
      met: scale <= GOAL_SCALE,
    }];
  },
};
