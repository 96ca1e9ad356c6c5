import type { Server } from 'node:http';
// Raw client throughout: Agenta's own requests, sent as its tests send them (trailing-slash paths outside /openapi.json, extra fields).
import { startApi, type RunningApi } from './support/api-harness';
import { startCompletionExample, type ExampleStack } from './support/example-service';
import { waitFor } from './support/wait-for';
import {
  CAPITAL_ROWS, appVariantParametersUpdated, autoAiCritiqueEvaluatorConfig, autoExactMatchEvaluatorConfig,
  autoRegexTestEvaluatorConfig, autoSimilarityMatchEvaluatorConfig, autoWebhookTestEvaluatorConfig,
  deployToEnvironmentPayload, startWebhook,
} from './agenta/agenta-fixtures';
import { overrideEnvironment } from './support/process-environment';

/*
 * Agenta's own legacy API tests (Agenta-AI/agenta, api/oss/tests/legacy/old_tests/variants_main_router/), ported to
 * TypeScript against Crucible: same requests (trailing slashes included), same assertions. Where Agenta's tests read
 * its database to find an id, the port reads it from the api. Not ported: `get_variant_by_env` (calls a Python
 * function, not HTTP), `/evaluators/map` and `/evaluators/rag_faithfulness/run` (trace mapping and RAG evaluators
 * Crucible does not have).
 */
describe("Agenta's legacy API tests, ported (variants_main_router)", () => {
  let api: RunningApi;
  let stack: ExampleStack;
  let webhook: { url: string; server: Server };
  let restoreEnvironment = (): void => undefined;

  beforeAll(async () => {
    stack = await startCompletionExample();
    // The AI critique evaluator judges with the mock LLM too.
    restoreEnvironment = overrideEnvironment({ OPENAI_BASE_URL: stack.mock.url });
    api = await startApi('pglite');
    webhook = await startWebhook();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await stack?.close();
    await new Promise((resolve) => webhook?.server.close(resolve));
    restoreEnvironment();
  });

  const appByName = async (name: string) => {
    const apps = await api.client.get('/apps/');
    return apps.body.find((app: { app_name: string }) => app.app_name === name);
  };

  /** Agenta's fixtures seed an app with one variant; here it is registered over HTTP against the example service. */
  const registerAppWithVariant = async (appName: string, variantName: string) => {
    const app = (await api.client.post('/apps/', { app_name: appName })).body;
    const variant = await api.client.post(`/apps/${app.app_id}/variant/from-service`, {
      variant_name: variantName, url: stack.service.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    });
    expect(variant.status).toBe(200);
    return { app, variant: variant.body };
  };

  describe('test_app_variant_router.py', () => {
    it('test_create_app', async () => {
      const response = await api.client.post('/apps/', { app_name: 'app_variant_test' });
      expect(response.status).toBe(200);
      expect(response.body.app_name).toBe('app_variant_test');
    });

    it('test_create_app_for_renaming', async () => {
      const response = await api.client.post('/apps/', { app_name: 'app_test' });
      expect(response.status).toBe(200);
      expect(response.body.app_name).toBe('app_test');
    });

    it('test_update_app', async () => {
      const app = await appByName('app_test');
      const response = await api.client.request('PATCH', `/apps/${app.app_id}/`, { app_name: 'test_app' });
      expect(response.status).toBe(200);
      expect(response.body.app_id).toBe(app.app_id);
      expect(response.body.app_name).toBe('test_app');
    });

    it('test_list_app_variants', async () => {
      const app = await appByName('app_variant_test');
      await api.client.post(`/apps/${app.app_id}/variant/from-service`, { variant_name: 'app.default', url: stack.service.url });
      const response = await api.client.get(`/apps/${app.app_id}/variants/`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
    });

    it('test_list_environments', async () => {
      const app = await appByName('app_variant_test');
      const response = await api.client.get(`/apps/${app.app_id}/environments/`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(3);
    });
  });

  describe('test_variant_testset_router.py', () => {
    const testsetIds: string[] = [];

    it('test_create_testset', async () => {
      const payload = { name: 'create_testset_main', csvdata: CAPITAL_ROWS };
      const response = await api.client.post('/testsets', payload);
      expect(response.status).toBe(200);
      expect(response.body.name).toBe(payload.name);
      testsetIds.push(response.body._id);
    });

    it('test_update_testset', async () => {
      const payload = { name: 'update_testset', csvdata: CAPITAL_ROWS };
      const response = await api.client.put(`/testsets/${testsetIds[0]}/`, payload);
      expect(response.status).toBe(200);
      expect(response.body._id).toBe(testsetIds[0]);
      expect(response.body.status).toBe('success');
      expect(response.body.message).toBe('testset updated successfully');
    });

    it('test_get_testsets', async () => {
      // Agenta's run had a second test set from its fixtures; the port makes it.
      testsetIds.push((await api.client.post('/testsets', { name: 'second', csvdata: CAPITAL_ROWS })).body.id);
      const response = await api.client.get('/testsets');
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(2);
    });

    it('test_get_testset', async () => {
      const response = await api.client.get(`/testsets/${testsetIds[0]}/`);
      expect(response.status).toBe(200);
      expect(response.body.name).toBe('update_testset');
      expect(response.body.id).toBe(testsetIds[0]);
    });

    it('test_delete_testsets', async () => {
      const response = await api.client.request('DELETE', '/testsets/', { testset_ids: testsetIds });
      expect(response.status).toBe(200);
      expect([...response.body].sort()).toEqual([...testsetIds].sort());
    });
  });

  describe('test_variant_evaluators_router.py', () => {
    const APP_NAME = 'evaluation_in_backend';
    let appId: string;

    beforeAll(async () => {
      ({ app: { app_id: appId } } = await registerAppWithVariant(APP_NAME, 'app.default'));
      const rows = CAPITAL_ROWS.map((row) => ({ ...row, input: `What is the capital of ${row.country}?` }));
      await api.client.post('/testsets', { name: 'capitals', csvdata: rows, app_id: appId });
    });

    it('test_get_evaluators_endpoint', async () => {
      const response = await api.client.get('/evaluators/');
      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThan(0);
    });

    it.each([
      ['test_create_auto_exact_match_evaluator_config', autoExactMatchEvaluatorConfig],
      ['test_create_auto_similarity_match_evaluator_config', autoSimilarityMatchEvaluatorConfig],
      ['test_create_auto_regex_test_evaluator_config', () => {
        const payload = autoRegexTestEvaluatorConfig();
        payload.settings_values['regex_pattern'] = '^ig\\d{3}$';
        return payload;
      }],
      ['test_create_auto_webhook_test_evaluator_config', () => autoWebhookTestEvaluatorConfig(webhook.url)],
      ['test_create_auto_ai_critique_evaluator_config', autoAiCritiqueEvaluatorConfig],
    ])('%s', async (_name, fixture) => {
      const payload = fixture();
      payload.app_id = appId;
      payload.settings_values['correct_answer_key'] = 'correct_answer';
      const response = await api.client.post('/evaluators/configs/', payload);
      expect(response.status).toBe(200);
      expect(response.body.evaluator_key).toBe(payload.evaluator_key);
      expect(response.body.settings_values).toEqual(payload.settings_values);
    });

    it('test_get_evaluator_configs', async () => {
      const response = await api.client.get(`/evaluators/configs/?app_id=${appId}`);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
    });

    const waitForEvaluationToFinish = async (evaluationId: string) => {
      await waitFor(`evaluation ${evaluationId} to finish`, async () => {
        const response = await api.client.get(`/evaluations/${evaluationId}/status/`);
        return response.body.status.value === 'EVALUATION_FINISHED' ? true : undefined;
      }, 60_000, 200);
      const results = await api.client.get(`/evaluations/${evaluationId}/results/`);
      expect(results.status).toBe(200);
      expect(results.body.evaluation_id).toBe(evaluationId);
    };

    it.each([
      ['test_create_evaluation_auto_exact_match', 'auto_exact_match'],
      ['test_create_evaluation_auto_similarity_match', 'auto_similarity_match'],
      ['test_create_evaluation_auto_regex_test', 'auto_regex_test'],
      ['test_create_evaluation_auto_webhook_test', 'auto_webhook_test'],
      ['test_create_evaluation_auto_ai_critique', 'auto_ai_critique'],
    ])('%s', async (_name, evaluatorKey) => {
      const variants = (await api.client.get(`/apps/${appId}/variants/`)).body;
      const testsets = (await api.client.get('/testsets/')).body;
      const configs = (await api.client.get(`/evaluators/configs/?app_id=${appId}`)).body;
      const payload = {
        app_id: appId,
        variant_ids: [variants[0].variant_id],
        evaluators_configs: configs.filter((c: { evaluator_key: string }) => c.evaluator_key === evaluatorKey).map((c: { id: string }) => c.id),
        testset_id: testsets[0].id,
        lm_providers_keys: { OPENAI_API_KEY: 'sk-test' },
        rate_limit: { batch_size: 10, max_retries: 3, retry_delay: 3, delay_between_batches: 5 },
      };
      const response = await api.client.post('/evaluations/', payload);
      expect(response.status).toBe(200);
      const [evaluation] = response.body;
      expect(evaluation.app_id).toBe(payload.app_id);
      expect(evaluation.status.value).toBe('EVALUATION_INITIALIZED');
      await waitForEvaluationToFinish(evaluation.id);
    });

    it('test_delete_evaluator_config', async () => {
      const configs = (await api.client.get(`/evaluators/configs/?app_id=${appId}`)).body;
      const deleted: boolean[] = [];
      for (const config of configs) deleted.push((await api.client.delete(`/evaluators/configs/${config.id}/`)).body);
      expect(deleted.filter((answer) => answer === true)).toHaveLength(configs.length);
    });

    it('test_evaluation_scenario_match_evaluation_testset_length', async () => {
      const [evaluation] = (await api.client.get(`/evaluations/?app_id=${appId}`)).body;
      const scenarios = (await api.client.get(`/evaluations/${evaluation.id}/evaluation_scenarios/`)).body;
      const testset = (await api.client.get(`/testsets/${evaluation.testset_id}/`)).body;
      expect(scenarios).toHaveLength(testset.csvdata.length);
    });
  });

  describe('test_variant_versioning_deployment.py', () => {
    const VARIANT_DEPLOY_ENVIRONMENTS = ['development', 'staging', 'production'];

    const defaultVariant = async () => {
      const app = await appByName('evaluation_in_backend');
      const variants = (await api.client.get(`/apps/${app.app_id}/variants/`)).body;
      return variants.find((v: { variant_name: string }) => v.variant_name === 'app.default');
    };

    it('test_update_app_variant_parameters', async () => {
      const variant = await defaultVariant();
      let response;
      for (let i = 0; i < VARIANT_DEPLOY_ENVIRONMENTS.length; i += 1) {
        const { parameters } = appVariantParametersUpdated();
        parameters['temperature'] = 0.9 + Math.random() * 0.6;
        parameters['frequence_penalty'] = 0.9 + Math.random() * 0.6;
        response = await api.client.put(`/variants/${variant.variant_id}/parameters/`, { parameters });
      }
      expect(response!.status).toBe(200);
    });

    it('test_deploy_to_environment', async () => {
      const variant = await defaultVariant();
      const statuses: number[] = [];
      for (const environment of VARIANT_DEPLOY_ENVIRONMENTS) {
        const payload = deployToEnvironmentPayload();
        payload.variant_id = variant.variant_id;
        payload.environment_name = environment;
        statuses.push((await api.client.post('/environments/deploy/', payload)).status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    });
  });
});
