import type { Stand } from './stand';

export interface BenchSetup {
  appId: string;
  revisionId: string;
  testsetId: string;
  configIds: string[];
}

interface Created { id: string }

let setups = 0;

/** An app whose variant is served at `serviceUrl`, a test set of `rows`, and three evaluator configs. */
export async function createBenchSetup(
  stand: Stand, serviceUrl: string, rows: ReadonlyArray<Record<string, unknown>>,
): Promise<BenchSetup> {
  const name = `bench-${(setups += 1)}`;
  const app = await stand.request<{ app_id: string }>('POST', '/apps', { app_name: name });
  const variant = await stand.request<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
    variant_name: 'completion', url: serviceUrl, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
  });
  const [revision] = await stand.request<Created[]>('GET', `/variants/${variant.variant_id}/revisions`);
  const testset = await stand.request<Created>('POST', '/testsets', { name, csvdata: rows, app_id: app.app_id });
  const configIds: string[] = [];
  for (const config of BENCH_EVALUATORS) {
    configIds.push((await stand.request<Created>('POST', '/evaluators/configs', { name: config.evaluator_key, app_id: app.app_id, ...config })).id);
  }
  return { appId: app.app_id, revisionId: revision!.id, testsetId: testset.id, configIds };
}

const BENCH_EVALUATORS = [
  { evaluator_key: 'auto_exact_match', settings_values: {} },
  { evaluator_key: 'auto_similarity_match', settings_values: { similarity_threshold: 0.5 } },
  { evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^City', regex_should_match: true } },
];

export const cityRows = (count: number): Array<{ input: string; correct_answer: string }> =>
  Array.from({ length: count }, (_, i) => ({ input: `City${i}`, correct_answer: `City${i}` }));
