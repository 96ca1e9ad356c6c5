import { randomUUID } from 'node:crypto';
import { type EvaluationScenario, type RateLimit, compareEvaluations } from '@crucible/domain';
import { InMemoryWorld, actorOf } from '../../testing';
import { ComparisonCache } from '../comparison/comparison-cache';
import { ComparisonSlots } from '../comparison/comparison-slots';
import { CompareEvaluationStatisticsUseCase } from './compare-evaluation-statistics.use-case';
import { CreateEvaluationUseCase } from './create-evaluation.use-case';
import { DeleteEvaluationsUseCase } from './delete-evaluations.use-case';
import { UpdateTestsetUseCase } from '../../testsets/use-cases/update-testset.use-case';

/** `count` turns of the event loop. */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

const quick: RateLimit = { batchSize: 100, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };

describe('CompareEvaluationStatisticsUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const compareWith = (max = 2) => new CompareEvaluationStatisticsUseCase(world.evaluations, new ComparisonSlots(max), new ComparisonCache(), world.testsets);

  afterEach(() => {
    world.evaluations.scenarioNumbersGate = null;
  });

  /** Two evaluations of `rows` rows with an exact-match result, a cost and a latency each, stored as a runner would. */
  async function twoEvaluations(rows: number, finished = true): Promise<string[]> {
    const app = await world.seedApp(actor);
    const testset = await world.seedTestset(actor, Array.from({ length: rows }, (_, n) => ({ question: `q${n}`, correct_answer: `a${n}` })));
    const config = await world.seedEvaluatorConfig(actor, app);
    const revisionIds = [];
    for (const name of ['baseline', 'candidate']) revisionIds.push((await world.seedVariant(actor, app, name, { prompt: name })).latest.id);
    const create = new CreateEvaluationUseCase(world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.evaluatorPrerequisites);
    const created = await create.execute(actor, { appId: app.id, revisions: { revisionIds }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit: quick });
    for (const [k, evaluation] of created.entries()) {
      await world.evaluations.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_STARTED' });
      await world.evaluations.saveScenarios(Array.from({ length: rows }, (_, rowIndex): EvaluationScenario => ({
        id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation.id, rowIndex, repetition: 1, inputs: { question: `q${rowIndex}` },
        output: 'o', correctAnswer: 'o', createdAt: new Date(), traceId: null,
        error: rowIndex % 97 === 0 ? { message: 'app failed' } : null,
        results: [{ evaluatorConfigId: config.id, result: { type: 'bool', value: (rowIndex * (k + 3)) % 7 < 4 + k } }],
        cost: 0.001 * ((rowIndex % 13) + k), latency: 0.2 + ((rowIndex * 31) % 17) / 10,
      })));
      if (finished) await world.evaluations.moveStatus(actor.projectId, evaluation.id, { to: 'EVALUATION_FINISHED' });
    }
    return created.map((e) => e.id);
  }

  const storedScenarios = (ids: string[]) => ids.flatMap((id) => world.evaluations.store.scenariosOf(actor.projectId, id));

  it('hands the event loop back while it resamples, and answers what computing it at once answers', async () => {
    // 200 rows: every bootstrap is two slices of 1 000 resamples.
    const ids = await twoEvaluations(200);
    const compare = compareWith();
    let turns = 0;
    let computing = true;
    const turn = () => {
      turns += 1;
      if (computing) setImmediate(turn);
    };
    // The fake reads without I/O: without slices, the whole comparison would run before this first turn.
    setImmediate(turn);
    const answer = await compare.execute(actor, ids);
    const turnsWhileComputing = turns;
    computing = false;
    expect(turnsWhileComputing).toBeGreaterThan(0);
    expect(answer.metrics).toEqual(compareEvaluations(answer.evaluations, storedScenarios(ids)));
    expect(answer.metrics.map((m) => m.metric.kind)).toEqual(['evaluator', 'cost', 'latency']);
  });

  it('refuses a comparison past CRUCIBLE_MAX_CONCURRENT_COMPARISONS with a retry delay, and computes again once one ends', async () => {
    const ids = await twoEvaluations(50);
    const compare = compareWith(1);
    let open!: () => void;
    world.evaluations.scenarioNumbersGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = compare.execute(actor, ids);
    await turns(1);
    const second = compare.execute(actor, [...ids].reverse()).then(() => 'computed', (error: unknown) => error);
    // Refused at once: it neither waits for the first one nor reads a scenario.
    expect(await Promise.race([second, turns(3).then(() => 'still waiting')])).toMatchObject({
      code: 'too_busy', retryAfterSeconds: expect.any(Number), message: expect.stringMatching(/CRUCIBLE_MAX_CONCURRENT_COMPARISONS/),
    });
    open();
    expect((await first).metrics).toHaveLength(3);
    expect((await compare.execute(actor, [...ids].reverse())).metrics).toHaveLength(3);
  });

  it('answers a comparison of finished evaluations again without reading a scenario, in the order asked', async () => {
    const ids = await twoEvaluations(50);
    const compare = compareWith();
    const first = await compare.execute(actor, ids);
    const reads = world.evaluations.scenarioNumberReads;
    expect(reads).toBeGreaterThan(0);
    expect(await compare.execute(actor, ids)).toEqual(first);
    expect(world.evaluations.scenarioNumberReads).toBe(reads);
    // The other order is another comparison (another baseline).
    const reversed = await compare.execute(actor, [...ids].reverse());
    expect(world.evaluations.scenarioNumberReads).toBeGreaterThan(reads);
    expect(reversed.evaluations.map((e) => e.id)).toEqual([...ids].reverse());
  });

  it('reads again for an evaluation that has not finished, and answers 404 once one is deleted', async () => {
    const ids = await twoEvaluations(50, false);
    const compare = compareWith();
    await compare.execute(actor, ids);
    const reads = world.evaluations.scenarioNumberReads;
    await compare.execute(actor, ids);
    expect(world.evaluations.scenarioNumberReads).toBeGreaterThan(reads);

    const finished = await twoEvaluations(50);
    await compare.execute(actor, finished);
    await new DeleteEvaluationsUseCase(world.evaluations).execute(actor, [finished[1]!]);
    await expect(compare.execute(actor, finished)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses evaluations of different test-set versions unless allowed, and then pairs the rows both versions share by content', async () => {
    const app = await world.seedApp(actor);
    const row = (n: number, answer = `a${n}`) => ({ question: `q${n}`, correct_answer: answer });
    const testset = await world.seedTestset(actor, [0, 1, 2, 3, 4, 5].map((n) => row(n)));
    const config = await world.seedEvaluatorConfig(actor, app);
    const revisionIds = [(await world.seedVariant(actor, app, 'versions', { prompt: 'v' })).latest.id];
    const create = new CreateEvaluationUseCase(
      world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions,
      world.evaluatorPrerequisites,
    );
    const evaluate = async (rows: Array<ReturnType<typeof row>>, latencyOf: (n: number) => number) => {
      const [evaluation] = await create.execute(actor, { appId: app.id, revisions: { revisionIds }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit: quick });
      await world.evaluations.moveStatus(actor.projectId, evaluation!.id, { to: 'EVALUATION_STARTED' });
      await world.evaluations.saveScenarios(rows.map((r, rowIndex): EvaluationScenario => {
        const n = Number(r.question.slice(1));
        return {
          id: randomUUID(), projectId: actor.projectId, evaluationId: evaluation!.id, rowIndex, repetition: 1, inputs: { question: r.question },
          output: 'o', correctAnswer: r.correct_answer, createdAt: new Date(), traceId: null, error: null,
          results: [{ evaluatorConfigId: config.id, result: { type: 'number', value: n } }], cost: 0, latency: latencyOf(n),
        };
      }));
      await world.evaluations.moveStatus(actor.projectId, evaluation!.id, { to: 'EVALUATION_FINISHED' });
      return evaluation!;
    };
    const before = await evaluate([0, 1, 2, 3, 4, 5].map((n) => row(n)), (n) => n);
    // Version 2: rows moved, row 3's ground truth changed, row 2 gone, a new row 9.
    const edited = [row(5), row(4), row(3, 'changed'), row(9), row(1), row(0)];
    await new UpdateTestsetUseCase(world.testsets).execute(actor, { testsetId: testset.id, rows: edited });
    const after = await evaluate(edited, (n) => n + 1);
    expect([before.testsetVersion, after.testsetVersion]).toEqual([1, 2]);

    const compare = compareWith();
    await expect(compare.execute(actor, [before.id, after.id])).rejects.toMatchObject({
      code: 'conflict', message: expect.stringMatching(/version 1 .* version 2.*allow_different_versions=true/),
    });
    const { metrics } = await compare.execute(actor, [before.id, after.id], { allowDifferentVersions: true });
    const latency = metrics.find((m) => m.metric.kind === 'latency')!;
    const evaluator = metrics.find((m) => m.metric.kind === 'evaluator')!;
    // Rows 0, 1, 4 and 5 are shared; paired by content, each one's latency is exactly 1 more, its evaluator value the same.
    expect(latency.comparisons[0]!.comparison).toMatchObject({ n: 4, difference: 1 });
    expect(evaluator.comparisons[0]!.comparison).toMatchObject({ n: 4, difference: 0 });
    expect(latency.estimates.map((e) => e.estimate.mean)).toEqual([2.5, 3.5]);
  });
});
