import type { CrucibleClient } from '@crucible/client';
import { ok } from './api-answers';
import { capitalRows } from './example-service';
import { waitFor } from './wait-for';

export const TERMINAL = [
  'EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS', 'EVALUATION_FAILED', 'EVALUATION_AGGREGATION_FAILED',
  'EVALUATION_CANCELLED',
];

export const QUICK_RATE_LIMIT = { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 };

/** An app whose variant is the given SDK service, with a second revision: the evaluation setting of issue 4. */
export async function registerServiceWithTwoRevisions(
  api: CrucibleClient,
  input: { appName: string; serviceUrl: string; first: Record<string, unknown>; second: Record<string, unknown> },
) {
  const app = await ok(api.POST('/apps', { body: { app_name: input.appName } }));
  const variant = await ok(api.POST('/apps/{app_id}/variant/from-service', {
    params: { path: { app_id: app.app_id } }, body: { variant_name: 'completion', url: input.serviceUrl, parameters: input.first },
  }));
  const ofVariant = { params: { path: { variant_id: variant.variant_id } } };
  await ok(api.PUT('/variants/{variant_id}/parameters', { ...ofVariant, body: { parameters: input.second, commit_message: 'second' } }));
  const revisions = await ok(api.GET('/variants/{variant_id}/revisions', ofVariant));
  return { app, variant, revisionIds: revisions.map((r) => r.id) };
}

export async function createEvaluatorConfigs(api: CrucibleClient, appId: string) {
  const configs = [
    { name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
    { name: 'similar', evaluator_key: 'auto_similarity_match', settings_values: { similarity_threshold: 0.5 } },
    { name: 'has-capital-word', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^[A-Z]', regex_should_match: true } },
  ];
  const created = [];
  for (const config of configs) created.push(await ok(api.POST('/evaluators/configs', { body: { app_id: appId, ...config } })));
  return created;
}

/** Polls the status until the evaluation ends; an answer that is not 2xx (the api restarting, an outage) is polled past. */
export function waitForTerminal(api: CrucibleClient, evaluationId: string, timeoutMs = 90_000) {
  return waitFor(`evaluation ${evaluationId} to finish`, async () => {
    const status = await ok(api.GET('/evaluations/{evaluation_id}/status', { params: { path: { evaluation_id: evaluationId } } }));
    const value = status.status.value;
    return typeof value === 'string' && TERMINAL.includes(value) ? status : undefined;
  }, timeoutMs, 150);
}

/** Evaluates a variant's first revision on one capital row with exact match, and answers its id and scenarios once it ended. */
export async function evaluateOneRow(api: CrucibleClient, appId: string, variantId: string) {
  const [revision] = await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId } } }));
  const testset = await ok(api.POST('/testsets', { body: { name: 'one', csvdata: capitalRows(1), app_id: appId } }));
  const exact = await ok(api.POST('/evaluators/configs', {
    body: { app_id: appId, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
  }));
  const [evaluation] = await ok(api.POST('/evaluations', {
    body: { app_id: appId, revisions_ids: [revision!.id], evaluators_configs: [exact.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT },
  }));
  await waitForTerminal(api, evaluation!.id);
  const ofEvaluation = { params: { path: { evaluation_id: evaluation!.id } } };
  return { evaluationId: evaluation!.id, scenarios: await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation)) };
}
