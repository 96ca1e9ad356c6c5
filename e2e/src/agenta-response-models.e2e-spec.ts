import type { z } from 'zod';
import { startApi, type RunningApi } from './support/api-harness';
import { startCompletionExample, type ExampleStack } from './support/example-service';
import { waitFor } from './support/wait-for';
import * as Agenta from './agenta/agenta-response-models';

/*
 * Our answers, read with the response models of Agenta's Python SDK (transcribed as zod in
 * agenta/agenta-response-models.ts): a client generated for Agenta's legacy interface reads every one of them.
 */
describe("Crucible's answers parse with Agenta's SDK response models", () => {
  let api: RunningApi;
  let stack: ExampleStack;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startCompletionExample();
    api = await startApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await stack?.close();
  });

  /** Sends the request, expects 200 and an answer the model accepts; the parsed answer comes back. */
  async function answerOf<T extends z.ZodType>(model: T, method: string, path: string, body?: unknown): Promise<z.infer<T>> {
    const response = await api.client.request(method, path, body);
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const parsed = model.safeParse(response.body);
    if (!parsed.success) throw new Error(`${method} ${path}: ${JSON.stringify(parsed.error.issues)}\n${JSON.stringify(response.body)}`);
    return parsed.data;
  }
  const list = <T extends z.ZodType>(model: T) => model.array();

  it('apps: CreateAppOutput, App', async () => {
    ids.app = (await answerOf(Agenta.CreateAppOutput, 'POST', '/apps', { app_name: 'models' })).app_id;
    await answerOf(list(Agenta.App), 'GET', '/apps');
    await answerOf(Agenta.App, 'GET', `/apps/${ids.app}`);
    await answerOf(Agenta.App, 'PATCH', `/apps/${ids.app}`, { app_name: 'models-renamed' });
  });

  it('variants: AppVariantResponse, AppVariantRevision', async () => {
    const variant = await answerOf(Agenta.AppVariantResponse, 'POST', `/apps/${ids.app}/variant/from-service`, {
      variant_name: 'main', url: stack.service.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    });
    ids.variant = variant.variant_id;
    ids.base = variant.base_id;
    await answerOf(list(Agenta.AppVariantResponse), 'GET', `/apps/${ids.app}/variants`);
    await answerOf(Agenta.AppVariantResponse, 'GET', `/variants/${ids.variant}`);
    await answerOf(Agenta.AppVariantResponse, 'PUT', `/variants/${ids.variant}/parameters`, { parameters: { prompt_template: 'MOCK_REPLY: {input}!' } });
    ids.second = (await answerOf(Agenta.AppVariantResponse, 'POST', '/variants/from-base', {
      base_id: ids.base, new_variant_name: 'second', new_config_name: 'second', parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    })).variant_id;
    const revisions = await answerOf(list(Agenta.AppVariantRevision), 'GET', `/variants/${ids.variant}/revisions`);
    expect(revisions[1]!.config.parameters).toEqual({ prompt_template: 'MOCK_REPLY: {input}!' });
    await answerOf(Agenta.AppVariantRevision, 'GET', `/variants/${ids.variant}/revisions/1`);
  });

  it('environments: EnvironmentOutput, EnvironmentRevision, EnvironmentOutputExtended', async () => {
    await answerOf(list(Agenta.EnvironmentOutput), 'GET', `/apps/${ids.app}/environments`);
    const first = await answerOf(Agenta.EnvironmentRevision, 'POST', '/environments/deploy', { environment_name: 'production', variant_id: ids.variant });
    await answerOf(Agenta.EnvironmentRevision, 'POST', '/environments/deploy', { environment_name: 'production', variant_id: ids.second });
    await answerOf(Agenta.EnvironmentRevision, 'POST', `/configs/deployment/${first.id}/revert`, {});
    const history = await answerOf(Agenta.EnvironmentOutputExtended, 'GET', `/apps/${ids.app}/revisions/production`);
    expect(history.revisions).toHaveLength(3);
    expect(history.deployed_app_variant_id).toBe(ids.variant);
  });

  it('test sets: TestSetSimpleResponse, TestSetOutputResponse, the update answer', async () => {
    const rows = [{ input: 'Paris', correct_answer: 'Paris' }, { input: 'Rome', correct_answer: 'Rome' }];
    ids.testset = (await answerOf(Agenta.TestSetSimpleResponse, 'POST', '/testsets', { name: 'cities', csvdata: rows, app_id: ids.app })).id;
    await answerOf(list(Agenta.TestSetOutputResponse), 'GET', '/testsets');
    await answerOf(Agenta.TestSetOutputResponse, 'GET', `/testsets/${ids.testset}`);
    await answerOf(Agenta.TestsetUpdateResponse, 'PUT', `/testsets/${ids.testset}`, { name: 'cities', csvdata: rows });
  });

  it('evaluators: Evaluator, EvaluatorConfig', async () => {
    const catalog = await answerOf(list(Agenta.Evaluator), 'GET', '/evaluators');
    expect(catalog.find((e) => e.key === 'auto_regex_test')!.settings_template).toHaveProperty('regex_pattern');
    ids.config = (await answerOf(Agenta.EvaluatorConfig, 'POST', '/evaluators/configs', {
      app_id: ids.app, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: { correct_answer_key: 'correct_answer' },
    })).id;
    await answerOf(list(Agenta.EvaluatorConfig), 'GET', `/evaluators/configs?app_id=${ids.app}`);
    await answerOf(Agenta.EvaluatorConfig, 'GET', `/evaluators/configs/${ids.config}`);
  });

  it('evaluations: Evaluation, EvaluationScenario', async () => {
    const [created] = await answerOf(list(Agenta.Evaluation), 'POST', '/evaluations', {
      app_id: ids.app, variant_ids: [ids.variant], evaluators_configs: [ids.config], testset_id: ids.testset,
      rate_limit: { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
    });
    await waitFor('the evaluation to finish', async () => {
      const status = (await api.client.get(`/evaluations/${created!.id}/status`)).body.status.value;
      return status === 'EVALUATION_FINISHED' ? status : undefined;
    }, 60_000, 100);
    await answerOf(Agenta.Evaluation, 'GET', `/evaluations/${created!.id}`);
    await answerOf(list(Agenta.Evaluation), 'GET', `/evaluations?app_id=${ids.app}`);
    const scenarios = await answerOf(list(Agenta.EvaluationScenario), 'GET', `/evaluations/${created!.id}/evaluation_scenarios`);
    expect(scenarios[0]!.inputs).toEqual([{ name: 'input', type: 'string', value: 'Paris' }]);
    expect(scenarios[0]!.correct_answers).toEqual([{ key: 'correct_answer', value: 'Paris' }]);
    expect(scenarios[0]!.outputs[0]!.result).toMatchObject({ type: 'text', value: 'Paris!' });
  });

  const ready = (id: string) => waitFor(`human evaluation ${id} to be ready`, async () => {
    const { body } = await api.client.get(`/human-evaluations/${id}`);
    return body.status === 'EVALUATION_READY' ? body : undefined;
  }, 60_000, 100);

  it('A/B human evaluation: HumanEvaluation, HumanEvaluationScenario, votes_data', async () => {
    const created = await answerOf(Agenta.HumanEvaluation, 'POST', '/human-evaluations', {
      app_id: ids.app, evaluation_type: 'human_a_b_testing', variant_ids: [ids.variant, ids.second], testset_id: ids.testset,
      inputs: ['input'], status: 'EVALUATION_INITIALIZED',
    });
    await ready(created.id);
    const scenarios = await answerOf(list(Agenta.HumanEvaluationScenario), 'GET', `/human-evaluations/${created.id}/evaluation_scenarios`);
    const judged = await answerOf(Agenta.HumanEvaluationScenario, 'PUT',
      `/human-evaluations/${created.id}/evaluation_scenario/${scenarios[0]!.id}/human_a_b_testing`,
      { vote: ids.variant, outputs: [{ variant_id: ids.variant, variant_output: 'shown to the judge' }] });
    expect(judged.vote).toBe(ids.variant);
    expect(judged.outputs.find((o) => o.variant_id === ids.variant)!.variant_output).toBe('shown to the judge');
    const results = await answerOf(Agenta.HumanAbResults, 'GET', `/human-evaluations/${created.id}/results`);
    expect(results.votes_data.variants_votes_data[ids.variant]).toEqual({ number_of_votes: 1, percentage: 50 });
    const finished = await answerOf(Agenta.HumanEvaluation, 'PUT', `/human-evaluations/${created.id}`, { status: 'EVALUATION_FINISHED' });
    expect(finished.status).toBe('EVALUATION_FINISHED');
  });

  it('scoring human evaluation: results_data', async () => {
    const created = await answerOf(Agenta.HumanEvaluation, 'POST', '/human-evaluations', {
      app_id: ids.app, evaluation_type: 'single_model_test', variant_ids: [ids.variant], testset_id: ids.testset,
    });
    await ready(created.id);
    const [scenario] = (await api.client.get(`/human-evaluations/${created.id}/evaluation_scenarios`)).body;
    await answerOf(Agenta.HumanEvaluationScenario, 'PUT', `/human-evaluations/${created.id}/evaluation_scenario/${scenario.id}/single_model_test`, { score: 4 });
    const results = await answerOf(Agenta.HumanScoringResults, 'GET', `/human-evaluations/${created.id}/results`);
    expect(results.results_data['4']).toBe(1);
  });

  it('deletes: an evaluator config answers true, test sets answer their ids', async () => {
    expect((await api.client.delete(`/evaluators/configs/${ids.config}`)).body).toBe(true);
    expect((await api.client.delete('/testsets', { testset_ids: [ids.testset] })).body).toEqual([ids.testset]);
  });
});
