import { randomUUID } from 'node:crypto';
import type { RateLimit } from '@crucible/domain';
import { InMemoryWorld, actorOf } from '../../testing';
import { SCENARIO_CHUNK_SIZE } from '../../shared/page';
import { CompareEvaluationsUseCase, SCENARIOS_READ_AT_ONCE } from './compare-evaluations.use-case';
import { CreateEvaluationUseCase } from './create-evaluation.use-case';
import { RunEvaluationUseCase } from './run-evaluation.use-case';

const quick: RateLimit = { batchSize: 100, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };
// Each evaluation's scenarios are read in three chunks, and the rows answered in batches of SCENARIO_CHUNK_SIZE.
const ROWS = Array.from({ length: 2 * SCENARIOS_READ_AT_ONCE + 201 }, (_, n) => ({ question: `q${n}`, correct_answer: `a${n}` }));
const NAMES = ['first', 'second', 'third', 'partial'];

describe('CompareEvaluationsUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const compare = new CompareEvaluationsUseCase(world.evaluations);

  /** Four evaluations of one test set: three run whole, the fourth with a stored row for every third row only. */
  async function fourEvaluations(rows = ROWS): Promise<string[]> {
    const app = await world.seedApp(actor);
    const testset = await world.seedTestset(actor, rows);
    const config = await world.seedEvaluatorConfig(actor, app);
    const revisionIds: string[] = [];
    for (const name of NAMES) {
      const variant = await world.seedVariant(actor, app, name, { prompt: name });
      world.invoker.register(world.playgroundUrlOf(variant), ({ inputs }) => ({ output: `${name}:${String(inputs['question'])}` }));
      revisionIds.push(variant.latest.id);
    }
    const create = new CreateEvaluationUseCase(world.evaluations, world.evaluatorConfigs, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.evaluatorPrerequisites);
    const created = await create.execute(actor, { appId: app.id, revisions: { revisionIds }, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit: quick });
    const run = new RunEvaluationUseCase(world.evaluations, world.testsets, world.invoker, world.evaluators, world.reporter, world.runStoragePolicy);
    for (const evaluation of created.slice(0, 3)) await run.execute({ evaluationId: evaluation.id, projectId: actor.projectId });
    const partial = created[3]!;
    await world.evaluations.saveScenarios(rows.flatMap(({ question, correct_answer }, rowIndex) => (rowIndex % 3 === 0 ? [{
      id: randomUUID(), projectId: actor.projectId, evaluationId: partial.id, rowIndex, repetition: 1, inputs: { question }, output: `partial:${question}`,
      correctAnswer: correct_answer, results: [], latency: null, cost: null, error: null, traceId: null, createdAt: new Date(),
    }] : [])));
    return created.map((e) => e.id);
  }

  it('answers every row once, in row order, each evaluation in its cell in the order asked for, or none', async () => {
    const ids = await fourEvaluations();
    const order = [3, 2, 0, 1];
    const asked = order.map((k) => ids[k]!);
    const { evaluations, rows } = await compare.execute(actor, asked);
    expect(evaluations.map((e) => e.id)).toEqual(asked);
    const batches = [];
    for await (const batch of rows) batches.push(batch);
    const full = Math.floor(ROWS.length / SCENARIO_CHUNK_SIZE);
    expect(batches.map((batch) => batch.length)).toEqual([...Array.from({ length: full }, () => SCENARIO_CHUNK_SIZE), ROWS.length % SCENARIO_CHUNK_SIZE]);
    const all = batches.flat();
    expect(all.map((row) => row.rowIndex)).toEqual(ROWS.map((_, n) => n));
    for (const row of all) {
      expect(row).toMatchObject({ inputs: { question: `q${row.rowIndex}` }, correctAnswer: `a${row.rowIndex}` });
      expect(row.scenarios.map((cell) => [cell.evaluation.id, cell.scenario?.output ?? null])).toEqual(order.map((k) => [
        ids[k], NAMES[k] === 'partial' && row.rowIndex % 3 !== 0 ? null : `${NAMES[k]}:q${row.rowIndex}`,
      ]));
    }
  });

  it('refuses evaluations of another project before any row is read', async () => {
    const ids = await fourEvaluations(ROWS.slice(0, 3));
    await expect(compare.execute(actorOf(), ids)).rejects.toMatchObject({ code: 'not_found' });
  });
});
