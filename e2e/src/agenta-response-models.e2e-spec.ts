import type { z } from 'zod';
import type { CrucibleClient } from '@crucible/client';
import { startApi, type RunningApi } from './support/api-harness';
import { type ClientOutcome, ok } from './support/api-answers';
import { startCompletionExample, type ExampleStack } from './support/example-service';
import { waitFor } from './support/wait-for';
import * as Agenta from './agenta/agenta-response-models';

/*
 * Our answers, read with the response models of Agenta's Python SDK (transcribed as zod in
 * agenta/agenta-response-models.ts): a client generated for Agenta's legacy interface reads every one of them.
 */
describe("Crucible's answers parse with Agenta's SDK response models", () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let stack: ExampleStack;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startCompletionExample();
    server = await startApi('pglite');
    api = server.api;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  /** Awaits the request, expects 200 and an answer the model accepts; the parsed answer comes back. */
  async function answerOf<T extends z.ZodType>(model: T, call: Promise<ClientOutcome<unknown>>): Promise<z.infer<T>> {
    const { data, error, response } = await call;
    const path = new URL(response.url).pathname;
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const parsed = model.safeParse(data);
    if (!parsed.success) throw new Error(`${path}: ${JSON.stringify(parsed.error.issues)}\n${JSON.stringify(data ?? error)}`);
    return parsed.data;
  }
  const list = <T extends z.ZodType>(model: T) => model.array();
  const ofApp = () => ({ params: { path: { app_id: ids.app! } } });
  const ofVariant = () => ({ params: { path: { variant_id: ids.variant! } } });
  const ofTestset = () => ({ params: { path: { testset_id: ids.testset! } } });
  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });

  it('apps: CreateAppOutput, App', async () => {
    ids.app = (await answerOf(Agenta.CreateAppOutput, api.POST('/apps', { body: { app_name: 'models' } }))).app_id;
    await answerOf(list(Agenta.App), api.GET('/apps'));
    await answerOf(Agenta.App, api.GET('/apps/{app_id}', ofApp()));
    await answerOf(Agenta.App, api.PATCH('/apps/{app_id}', { ...ofApp(), body: { app_name: 'models-renamed' } }));
  });

  it('variants: AppVariantResponse, AppVariantRevision', async () => {
    const variant = await answerOf(Agenta.AppVariantResponse, api.POST('/apps/{app_id}/variant/from-service', {
      ...ofApp(), body: { variant_name: 'main', url: stack.service.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' } },
    }));
    ids.variant = variant.variant_id;
    ids.base = variant.base_id;
    await answerOf(list(Agenta.AppVariantResponse), api.GET('/apps/{app_id}/variants', ofApp()));
    await answerOf(Agenta.AppVariantResponse, api.GET('/variants/{variant_id}', ofVariant()));
    await answerOf(Agenta.AppVariantResponse, api.PUT('/variants/{variant_id}/parameters', {
      ...ofVariant(), body: { parameters: { prompt_template: 'MOCK_REPLY: {input}!' } },
    }));
    ids.second = (await answerOf(Agenta.AppVariantResponse, api.POST('/variants/from-base', {
      body: { base_id: ids.base, new_variant_name: 'second', new_config_name: 'second', parameters: { prompt_template: 'MOCK_REPLY: {input}' } },
    }))).variant_id;
    const revisions = await answerOf(list(Agenta.AppVariantRevision), api.GET('/variants/{variant_id}/revisions', ofVariant()));
    expect(revisions[1]!.config.parameters).toEqual({ prompt_template: 'MOCK_REPLY: {input}!' });
    await answerOf(Agenta.AppVariantRevision, api.GET('/variants/{variant_id}/revisions/{revision}', {
      params: { path: { variant_id: ids.variant, revision: 1 } },
    }));
  });

  it('environments: EnvironmentOutput, EnvironmentRevision, EnvironmentOutputExtended', async () => {
    await answerOf(list(Agenta.EnvironmentOutput), api.GET('/apps/{app_id}/environments', ofApp()));
    const deploy = (variantId: string) => api.POST('/environments/deploy', { body: { environment_name: 'production', variant_id: variantId } });
    const first = await answerOf(Agenta.EnvironmentRevision, deploy(ids.variant!));
    await answerOf(Agenta.EnvironmentRevision, deploy(ids.second!));
    await answerOf(Agenta.EnvironmentRevision, api.POST('/configs/deployment/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: first.id } }, body: {},
    }));
    const history = await answerOf(Agenta.EnvironmentOutputExtended, api.GET('/apps/{app_id}/revisions/{environment_name}', {
      params: { path: { app_id: ids.app!, environment_name: 'production' } },
    }));
    expect(history.revisions).toHaveLength(3);
    expect(history.deployed_app_variant_id).toBe(ids.variant);
  });

  it('test sets: TestSetSimpleResponse, TestSetOutputResponse, the update answer', async () => {
    const rows = [{ input: 'Paris', correct_answer: 'Paris' }, { input: 'Rome', correct_answer: 'Rome' }];
    ids.testset = (await answerOf(Agenta.TestSetSimpleResponse, api.POST('/testsets', { body: { name: 'cities', csvdata: rows, app_id: ids.app } }))).id;
    await answerOf(list(Agenta.TestSetOutputResponse), api.GET('/testsets'));
    await answerOf(Agenta.TestSetOutputResponse, api.GET('/testsets/{testset_id}', ofTestset()));
    await answerOf(Agenta.TestsetUpdateResponse, api.PUT('/testsets/{testset_id}', { ...ofTestset(), body: { name: 'cities', csvdata: rows } }));
  });

  it('evaluators: Evaluator, EvaluatorConfig', async () => {
    const catalog = await answerOf(list(Agenta.Evaluator), api.GET('/evaluators'));
    expect(catalog.find((e) => e.key === 'auto_regex_test')!.settings_template).toHaveProperty('regex_pattern');
    ids.config = (await answerOf(Agenta.EvaluatorConfig, api.POST('/evaluators/configs', {
      body: { app_id: ids.app, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: { correct_answer_key: 'correct_answer' } },
    }))).id;
    await answerOf(list(Agenta.EvaluatorConfig), api.GET('/evaluators/configs', { params: { query: { app_id: ids.app } } }));
    await answerOf(Agenta.EvaluatorConfig, api.GET('/evaluators/configs/{config_id}', { params: { path: { config_id: ids.config } } }));
  });

  it('evaluations: Evaluation, EvaluationScenario', async () => {
    const [created] = await answerOf(list(Agenta.Evaluation), api.POST('/evaluations', {
      body: {
        app_id: ids.app!, variant_ids: [ids.variant!], evaluators_configs: [ids.config!], testset_id: ids.testset!,
        rate_limit: { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
      },
    }));
    await waitFor('the evaluation to finish', async () => {
      const status = (await ok(api.GET('/evaluations/{evaluation_id}/status', ofEvaluation(created!.id)))).status.value;
      return status === 'EVALUATION_FINISHED' ? status : undefined;
    }, 60_000, 100);
    await answerOf(Agenta.Evaluation, api.GET('/evaluations/{evaluation_id}', ofEvaluation(created!.id)));
    await answerOf(list(Agenta.Evaluation), api.GET('/evaluations', { params: { query: { app_id: ids.app } } }));
    const scenarios = await answerOf(list(Agenta.EvaluationScenario), api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(created!.id)));
    expect(scenarios[0]!.inputs).toEqual([{ name: 'input', type: 'string', value: 'Paris' }]);
    expect(scenarios[0]!.correct_answers).toEqual([{ key: 'correct_answer', value: 'Paris' }]);
    expect(scenarios[0]!.outputs[0]!.result).toMatchObject({ type: 'text', value: 'Paris!' });
  });

  const ready = (id: string) => waitFor(`human evaluation ${id} to be ready`, async () => {
    const evaluation = await ok(api.GET('/human-evaluations/{evaluation_id}', ofEvaluation(id)));
    return evaluation.status === 'EVALUATION_READY' ? evaluation : undefined;
  }, 60_000, 100);
  const judge = (evaluationId: string, scenarioId: string, evaluationType: string, body: { vote?: unknown; score?: unknown; outputs?: Array<{ variant_id: string; variant_output: unknown }> }) =>
    api.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}', {
      params: { path: { evaluation_id: evaluationId, scenario_id: scenarioId, evaluation_type: evaluationType } }, body,
    });

  it('A/B human evaluation: HumanEvaluation, HumanEvaluationScenario, votes_data', async () => {
    const created = await answerOf(Agenta.HumanEvaluation, api.POST('/human-evaluations', {
      body: {
        app_id: ids.app!, evaluation_type: 'human_a_b_testing', variant_ids: [ids.variant!, ids.second!], testset_id: ids.testset!,
        inputs: ['input'], status: 'EVALUATION_INITIALIZED',
      },
    }));
    await ready(created.id);
    const scenarios = await answerOf(list(Agenta.HumanEvaluationScenario), api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(created.id)));
    const judged = await answerOf(Agenta.HumanEvaluationScenario, judge(created.id, scenarios[0]!.id!, 'human_a_b_testing', {
      vote: ids.variant, outputs: [{ variant_id: ids.variant!, variant_output: 'shown to the judge' }],
    }));
    expect(judged.vote).toBe(ids.variant);
    expect(judged.outputs.find((o) => o.variant_id === ids.variant)!.variant_output).toBe('shown to the judge');
    const results = await answerOf(Agenta.HumanAbResults, api.GET('/human-evaluations/{evaluation_id}/results', ofEvaluation(created.id)));
    expect(results.votes_data.variants_votes_data[ids.variant!]).toEqual({ number_of_votes: 1, percentage: 50 });
    const finished = await answerOf(Agenta.HumanEvaluation, api.PUT('/human-evaluations/{evaluation_id}', {
      ...ofEvaluation(created.id), body: { status: 'EVALUATION_FINISHED' },
    }));
    expect(finished.status).toBe('EVALUATION_FINISHED');
  });

  it('scoring human evaluation: results_data', async () => {
    const created = await answerOf(Agenta.HumanEvaluation, api.POST('/human-evaluations', {
      body: { app_id: ids.app!, evaluation_type: 'single_model_test', variant_ids: [ids.variant!], testset_id: ids.testset! },
    }));
    await ready(created.id);
    const [scenario] = await ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(created.id)));
    await answerOf(Agenta.HumanEvaluationScenario, judge(created.id, scenario!.id, 'single_model_test', { score: 4 }));
    const results = await answerOf(Agenta.HumanScoringResults, api.GET('/human-evaluations/{evaluation_id}/results', ofEvaluation(created.id)));
    expect(results.results_data['4']).toBe(1);
  });

  it('deletes: an evaluator config answers true, test sets answer their ids', async () => {
    expect((await api.DELETE('/evaluators/configs/{config_id}', { params: { path: { config_id: ids.config! } } })).data).toBe(true);
    expect((await api.DELETE('/testsets', { body: { testset_ids: [ids.testset!] } })).data).toEqual([ids.testset]);
  });
});
