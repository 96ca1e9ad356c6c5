import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { type ExampleStack, startCompletionExample } from './support/example-service';
import { waitFor } from './support/wait-for';

// A single-model human evaluation judged on score configs (ARCHITECTURE §18): correctness, tone and safety in one pass.
const ROWS = ['Paris', 'Berlin', 'Madrid'].map((city) => ({ input: city, correct_answer: city }));

let example: ExampleStack;
beforeAll(async () => {
  example = await startCompletionExample();
});
afterAll(() => example?.close());

describe.each<Engine>(['pglite', 'postgres'])('human evaluations on score configs on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let appId: string;
  let revisionId: string;
  let testsetId: string;
  const configs: Record<'correctness' | 'tone' | 'safe' | 'remark' | 'retired', string> = {
    correctness: '', tone: '', safe: '', remark: '', retired: '',
  };

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    appId = (await ok(api.POST('/apps', { body: { app_name: `metrics-${engine}` } }))).app_id;
    const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: 'echo', url: example.service.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' } },
    }));
    revisionId = (await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id } } })))[0]!.id;
    testsetId = (await ok(api.POST('/testsets', { body: { name: `cities-${engine}`, csvdata: ROWS, app_id: appId } }))).id;
    const create = (body: CrucibleSchemas['CreateScoreConfigDto']) => ok(api.POST('/score-configs', { body }));
    configs.correctness = (await create({ name: 'correctness', data_type: 'numeric', min: 1, max: 5 })).id;
    configs.tone = (await create({ name: 'tone', data_type: 'categorical', categories: [{ label: 'curt', value: 0 }, { label: 'kind', value: 1 }] })).id;
    configs.safe = (await create({ name: 'safe', data_type: 'boolean' })).id;
    configs.remark = (await create({ name: 'remark', data_type: 'text' })).id;
    configs.retired = (await create({ name: 'retired', data_type: 'boolean' })).id;
    await ok(api.PATCH('/score-configs/{config_id}', { params: { path: { config_id: configs.retired } }, body: { archived: true } }));
  });
  afterAll(() => server?.close());

  const createEvaluation = (body: Partial<CrucibleSchemas['CreateHumanEvaluationDto']>) => answer(api.POST('/human-evaluations', {
    body: { app_id: appId, testset_id: testsetId, evaluation_type: 'single_model_test', revisions_ids: [revisionId], ...body },
  }));
  const judge = (evaluationId: string, scenarioId: string, body: CrucibleSchemas['UpdateHumanScenarioDto']) =>
    answer(api.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}', {
      params: { path: { evaluation_id: evaluationId, scenario_id: scenarioId } }, body,
    }));

  it('refuses score configs on an A/B test, and unknown or archived ones, naming each; nothing is created', async () => {
    const before = (await ok(api.GET('/human-evaluations', { params: { query: { app_id: appId } } }))).length;
    expect(await createEvaluation({ score_config_ids: [configs.safe], evaluation_type: 'human_a_b_testing', revisions_ids: [revisionId, revisionId] }))
      .toMatchObject({ status: 422 });
    const refused = await createEvaluation({ score_config_ids: [configs.safe, '00000000-0000-4000-8000-000000000000', configs.retired] });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'score_config_ids', 1], msg: expect.stringContaining('not found') }),
      expect.objectContaining({ loc: ['body', 'score_config_ids', 2], msg: expect.stringContaining('"retired" is archived') }),
    ]);
    expect(await ok(api.GET('/human-evaluations', { params: { query: { app_id: appId } } }))).toHaveLength(before);
  });

  it('takes one value per config per row, merges judgments of different configs, and answers results per config', async () => {
    const created = await createEvaluation({ score_config_ids: [configs.correctness, configs.tone, configs.safe, configs.remark] });
    expect(created.status).toBe(200);
    const evaluationId: string = created.body.id;
    expect(created.body.score_configs.map((c: { name: string }) => c.name)).toEqual(['correctness', 'tone', 'safe', 'remark']);
    await waitFor('outputs', async () => {
      const evaluation = await ok(api.GET('/human-evaluations/{evaluation_id}', { params: { path: { evaluation_id: evaluationId } } }));
      return evaluation.status === 'EVALUATION_READY' || undefined;
    }, 60_000, 50);
    const [first, second, third] = await ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', {
      params: { path: { evaluation_id: evaluationId } },
    }));

    // Two judgments of different configs of one row, sent at once: neither overwrites the other.
    const [a, b] = await Promise.all([
      judge(evaluationId, first!.id, { scores: [{ config_id: configs.correctness, value: 5 }] }),
      judge(evaluationId, first!.id, { scores: [{ config_id: configs.tone, string_value: 'kind' }, { config_id: configs.safe, value: true }] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await judge(evaluationId, first!.id, { scores: [{ config_id: configs.remark, string_value: 'spot on' }] });
    await judge(evaluationId, second!.id, { scores: [
      { config_id: configs.correctness, value: 2 }, { config_id: configs.tone, value: 0 }, { config_id: configs.safe, value: false },
    ] });
    await judge(evaluationId, third!.id, { scores: [{ config_id: configs.safe, value: 1 }, { config_id: configs.correctness, value: 3 }] });
    // Cleared again: the third row is not judged on correctness after all.
    await judge(evaluationId, third!.id, { scores: [{ config_id: configs.correctness, value: null }] });

    const scenarios = await ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluationId } } }));
    const byConfig = (s: (typeof scenarios)[number]) => Object.fromEntries(s.scores.map((score) => [score.config_id, [score.value, score.string_value]]));
    expect(byConfig(scenarios[0]!)).toEqual({
      [configs.correctness]: [5, null], [configs.tone]: [1, 'kind'], [configs.safe]: [1, 'true'], [configs.remark]: [null, 'spot on'],
    });
    expect(byConfig(scenarios[2]!)).toEqual({ [configs.safe]: [1, 'true'] });

    const results = await ok(api.GET('/human-evaluations/{evaluation_id}/results', { params: { path: { evaluation_id: evaluationId } } }));
    expect(results.metrics).toEqual([
      { config_id: configs.correctness, name: 'correctness', data_type: 'numeric', judged: 2, mean: 3.5, counts: {} },
      { config_id: configs.tone, name: 'tone', data_type: 'categorical', judged: 2, mean: 0.5, counts: { curt: 1, kind: 1 } },
      { config_id: configs.safe, name: 'safe', data_type: 'boolean', judged: 3, mean: 2 / 3, counts: { true: 2, false: 1 } },
      { config_id: configs.remark, name: 'remark', data_type: 'text', judged: 1, mean: null, counts: {} },
    ]);
  });

  it('refuses values that do not fit their config and the 1-5 score, changing nothing', async () => {
    const created = await createEvaluation({ score_config_ids: [configs.correctness, configs.safe] });
    const evaluationId: string = created.body.id;
    await waitFor('outputs', async () => {
      const evaluation = await ok(api.GET('/human-evaluations/{evaluation_id}', { params: { path: { evaluation_id: evaluationId } } }));
      return evaluation.status === 'EVALUATION_READY' || undefined;
    }, 60_000, 50);
    const [scenario] = await ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluationId } } }));
    const refused = await judge(evaluationId, scenario!.id, { scores: [
      { config_id: configs.correctness, value: 6 }, { config_id: configs.safe, string_value: 'maybe' }, { config_id: configs.tone, value: 1 },
    ] });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ['body', 'scores', 0, 'value'], ['body', 'scores', 1, 'string_value'], ['body', 'scores', 2, 'config_id'],
    ]);
    expect(refused.body.detail[0].msg).toContain('above the maximum 5 of score config "correctness"');
    const score = await judge(evaluationId, scenario!.id, { score: 4 });
    expect(score).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ msg: expect.stringContaining('judged on its score configs') })] } });
    const after = await ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluationId } } }));
    expect(after[0]).toMatchObject({ scores: [], score: null });
  });
});
