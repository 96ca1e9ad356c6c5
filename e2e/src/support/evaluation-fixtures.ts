import type { HttpClient } from './http-client';
import { waitFor } from './wait-for';

export const TERMINAL = [
  'EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS', 'EVALUATION_FAILED', 'EVALUATION_AGGREGATION_FAILED',
  'EVALUATION_CANCELLED',
];

export const QUICK_RATE_LIMIT = { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 };

/** An app whose variant is the given SDK service, with a second revision: the evaluation setting of issue 4. */
export async function registerServiceWithTwoRevisions(
  client: HttpClient,
  input: { appName: string; serviceUrl: string; first: Record<string, unknown>; second: Record<string, unknown> },
) {
  const app = (await client.post('/apps', { app_name: input.appName })).body;
  const variant = await client.post(`/apps/${app.app_id}/variant/from-service`, {
    variant_name: 'completion', url: input.serviceUrl, parameters: input.first,
  });
  if (variant.status !== 200) throw new Error(`variant registration failed: ${JSON.stringify(variant.body)}`);
  await client.put(`/variants/${variant.body.variant_id}/parameters`, { parameters: input.second, commit_message: 'second' });
  const revisions = (await client.get(`/variants/${variant.body.variant_id}/revisions`)).body;
  return { app, variant: variant.body, revisionIds: revisions.map((r: { id: string }) => r.id) as string[] };
}

export async function createEvaluatorConfigs(client: HttpClient, appId: string) {
  const configs = [
    { name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
    { name: 'similar', evaluator_key: 'auto_similarity_match', settings_values: { similarity_threshold: 0.5 } },
    { name: 'has-capital-word', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^[A-Z]', regex_should_match: true } },
  ];
  const created = [];
  for (const config of configs) {
    const response = await client.post('/evaluators/configs', { app_id: appId, ...config });
    if (response.status !== 200) throw new Error(`evaluator config failed: ${JSON.stringify(response.body)}`);
    created.push(response.body);
  }
  return created as Array<{ id: string; evaluator_key: string }>;
}

export function waitForTerminal(client: HttpClient, evaluationId: string, timeoutMs = 90_000) {
  return waitFor(`evaluation ${evaluationId} to finish`, async () => {
    const status = await client.get(`/evaluations/${evaluationId}/status`);
    return TERMINAL.includes(status.body.status?.value) ? status.body : undefined;
  }, timeoutMs, 150);
}
