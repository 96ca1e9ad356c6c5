import { randomUUID } from 'node:crypto';
import type { HumanEvaluationType } from '@crucible/domain';
import { InMemoryWorld, type Workflow, actorOf, drainStreamedPage } from '../../testing';
import { everything } from '../../shared/page';
import { CreateHumanEvaluationUseCase } from './create-human-evaluation.use-case';
import { RunHumanEvaluationUseCase } from './run-human-evaluation.use-case';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';
import { UpdateHumanEvaluationScenarioUseCase } from './update-human-evaluation-scenario.use-case';
import { ListHumanEvaluationScenariosUseCase } from './list-human-evaluation-scenarios.use-case';
import { GetHumanEvaluationResultsUseCase } from './get-human-evaluation-results.use-case';
import { UpdateTestsetUseCase } from '../../testsets/use-cases/update-testset.use-case';

const ROWS = [
  { country: 'France', correct_answer: 'Paris' },
  { country: 'Italy', correct_answer: 'Rome' },
  { country: 'Spain', correct_answer: 'Madrid' },
];

const capitals: Record<string, string> = { France: 'Paris', Italy: 'Rome', Spain: 'Madrid' };
const knows: Workflow = ({ inputs }) => ({ output: capitals[String(inputs['country'])] });
const guesses: Workflow = ({ inputs }) =>
  (inputs['country'] === 'Spain' ? { failure: 'model overloaded', retryable: false, status: 500 } : { output: 'Lyon' });

describe('human evaluations: the run and the judging', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const getEvaluation = new GetHumanEvaluationUseCase(world.humanEvaluations);
  const run = new RunHumanEvaluationUseCase(world.humanEvaluations, world.testsets, world.invoker, world.reporter, world.runStoragePolicy);
  const judge = new UpdateHumanEvaluationScenarioUseCase(world.humanEvaluations, getEvaluation);
  const listUseCase = new ListHumanEvaluationScenariosUseCase(world.humanEvaluations, getEvaluation);
  const listScenarios = {
    execute: async (caller: typeof actor, id: string) =>
      ({ scenarios: await drainStreamedPage((await listUseCase.execute(caller, id, everything)).scenarios) }),
  };
  const results = new GetHumanEvaluationResultsUseCase(world.humanEvaluations, getEvaluation);

  async function humanEvaluationOf(evaluationType: HumanEvaluationType, workflows: Workflow[]) {
    const app = await world.seedApp(actor);
    const variants = await Promise.all(workflows.map(async (workflow, index) => {
      const view = await world.seedVariant(actor, app, `v${index}-${randomUUID().slice(0, 8)}`, { index });
      world.invoker.register(world.playgroundUrlOf(view), workflow);
      return view;
    }));
    const testset = await world.seedTestset(actor, ROWS);
    const create = new CreateHumanEvaluationUseCase(world.humanEvaluations, world.variants, world.testsets, world.queue, world.getApp, world.latestRevisions, world.scoreConfigs);
    const evaluation = await create.execute(actor, {
      appId: app.id, evaluationType, revisions: { revisionIds: variants.map((v) => v.latest.id) }, testsetId: testset.id,
    });
    return { evaluation, variants };
  }
  const runJob = (id: string) => run.execute({ humanEvaluationId: id, projectId: actor.projectId });

  it('generates every revision’s output for every row, keeping a failed invocation on its scenario', async () => {
    const { evaluation, variants } = await humanEvaluationOf('human_a_b_testing', [knows, guesses]);
    expect(world.queue.jobs).toContainEqual({ kind: 'human_evaluation', human_evaluation_id: evaluation.id, project_id: actor.projectId });
    await runJob(evaluation.id);

    expect(await getEvaluation.execute(actor, evaluation.id)).toMatchObject({
      status: 'EVALUATION_READY', progressDone: 3,
      statusError: { message: '1 of 6 invocations failed; their errors are on the scenarios' },
    });
    const { scenarios } = await listScenarios.execute(actor, evaluation.id);
    expect(scenarios.map((s) => s.inputs)).toEqual([[{ name: 'country', value: 'France' }], [{ name: 'country', value: 'Italy' }], [{ name: 'country', value: 'Spain' }]]);
    expect(scenarios[0]!.outputs).toEqual([
      { variantId: variants[0]!.variant.id, variantRevisionId: variants[0]!.latest.id, output: 'Paris', error: null },
      { variantId: variants[1]!.variant.id, variantRevisionId: variants[1]!.latest.id, output: 'Lyon', error: null },
    ]);
    expect(scenarios[2]!.outputs[1]).toMatchObject({ output: null, error: { message: 'model overloaded' } });
    expect(scenarios[0]!.correctAnswer).toBe('Paris');
  });

  it('runs on the test-set version it was created on, though the set changed before the runner took it', async () => {
    const { evaluation } = await humanEvaluationOf('single_model_test', [knows]);
    expect(evaluation.testsetVersion).toBe(1);
    await new UpdateTestsetUseCase(world.testsets).execute(actor, { testsetId: evaluation.testsetId, rows: [{ country: 'Peru', correct_answer: 'Lima' }] });
    await runJob(evaluation.id);
    const { scenarios } = await listScenarios.execute(actor, evaluation.id);
    expect(scenarios.map((s) => s.correctAnswer)).toEqual(['Paris', 'Rome', 'Madrid']);
  });

  it('refuses judgments until the outputs are ready, then stores votes and tallies them', async () => {
    const { evaluation, variants } = await humanEvaluationOf('human_a_b_testing', [knows, guesses]);
    const firstScenarioId = async () => (await listScenarios.execute(actor, evaluation.id)).scenarios[0]!.id;
    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: 'any', update: { vote: '1' } }))
      .rejects.toMatchObject({ code: 'invalid_state' });

    await runJob(evaluation.id);
    const { scenarios } = await listScenarios.execute(actor, evaluation.id);
    const voted = await judge.execute(actor, {
      evaluationId: evaluation.id, scenarioId: scenarios[0]!.id, update: { vote: variants[0]!.variant.id, note: 'knows its capitals' },
    });
    expect(voted).toMatchObject({ vote: variants[0]!.variant.id, note: 'knows its capitals', score: null });
    await judge.execute(actor, { evaluationId: evaluation.id, scenarioId: scenarios[1]!.id, update: { vote: variants[0]!.latest.id } });
    await judge.execute(actor, { evaluationId: evaluation.id, scenarioId: scenarios[2]!.id, update: { vote: '0' } });

    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: await firstScenarioId(), update: { vote: 'nobody' } }))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['vote'], rule: 'not_a_choice' }] });
    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: await firstScenarioId(), update: { score: 3 } }))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['score'] }] });
    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: 'missing', update: { vote: '1' } }))
      .rejects.toMatchObject({ code: 'not_found' });

    const tally = await results.execute(actor, evaluation.id);
    expect(tally.kind).toBe('human_a_b_testing');
    expect(tally.results).toMatchObject({ bothGood: 0, bothBad: 1, judged: 3, total: 3 });
    if (tally.kind === 'human_a_b_testing') expect(tally.results.variants.map((v) => v.votes)).toEqual([2, 0]);
  });

  it('scores a single-model test from 1 to 5, and a second run of a ready evaluation changes nothing', async () => {
    const { evaluation } = await humanEvaluationOf('single_model_test', [knows]);
    await runJob(evaluation.id);
    const { scenarios } = await listScenarios.execute(actor, evaluation.id);

    expect(await judge.execute(actor, { evaluationId: evaluation.id, scenarioId: scenarios[0]!.id, update: { score: 4 } }))
      .toMatchObject({ score: 4, vote: null });
    await expect(judge.execute(actor, { evaluationId: evaluation.id, scenarioId: scenarios[0]!.id, update: { score: 7 } }))
      .rejects.toMatchObject({ violations: [{ field: ['score'], rule: 'above_maximum' }] });

    const calls = world.invoker.calls.length;
    await runJob(evaluation.id);
    expect(world.invoker.calls).toHaveLength(calls);
    expect((await listScenarios.execute(actor, evaluation.id)).scenarios[0]!.score).toBe(4);
  });
});
